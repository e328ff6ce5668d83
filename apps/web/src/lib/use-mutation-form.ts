import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { type NavigateOptions, type To, useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { type FormFeedback, type FormFeedbackOptions, useFormFeedback } from './form-feedback';

/** What the form does with its values once the call succeeded. */
export type AfterSuccess<TInput, TOutput, TResponse> =
  /** Back to the default values, ready for the next record (the default). */
  | 'reset'
  /** The values stay as sent. */
  | 'keep'
  /** The form starts again from these values (e.g. the saved record, or a choice worth keeping). */
  | { reset: (response: TResponse, values: TOutput) => DefaultValues<TInput> }
  /** Another screen, after `delayMs` (the message stays on screen until then). */
  | { navigate: To; delayMs?: number; options?: NavigateOptions };

/**
 * A feature's mutation hook (its `useMutation` result), or a bare fetcher for a call that leaves no
 * cache to refresh.
 */
export type FormMutation<TVariables, TResponse> =
  | { mutateAsync: (variables: TVariables) => Promise<TResponse> }
  | ((variables: TVariables) => Promise<TResponse>);

interface CommonOptions<
  TInput extends FieldValues,
  TOutput,
  TResponse extends { message: string },
> {
  /** The shared zod schema (usually the request schema, `.pick`/`.extend`ed). */
  schema: ZodType<TOutput, TInput>;
  /** The empty form, or the record being edited; 'reset' returns to these. */
  defaultValues: DefaultValues<TInput>;
  /** Default 'reset'. */
  afterSuccess?: AfterSuccess<TInput, TOutput, TResponse>;
  /** Runs after `afterSuccess`, e.g. to close a dialog or hand the message to a list. */
  onSuccess?: (response: TResponse, values: TOutput) => void;
  /** Runs after the failure is shown. */
  onError?: (error: Error) => void;
  /**
   * The green message (the answer's `message`): 'flash' hides it after 3 s (the default),
   * 'persist' keeps it until the next action, 'none' leaves it to `onSuccess`.
   */
  successMessage?: 'flash' | 'persist' | 'none';
  serverErrorText?: FormFeedbackOptions['serverErrorText'];
}

/** The call: sent the checked values themselves, or the variables `toVariables` makes of them. */
type CallOptions<TOutput, TVariables, TResponse> =
  | { mutation: FormMutation<NoInfer<TOutput>, TResponse>; toVariables?: undefined }
  | {
      mutation: FormMutation<TVariables, TResponse>;
      toVariables: (values: TOutput) => TVariables;
    };

export type UseMutationFormOptions<
  TInput extends FieldValues,
  TOutput,
  TVariables,
  TResponse extends { message: string },
> = CommonOptions<TInput, TOutput, TResponse> & CallOptions<TOutput, TVariables, TResponse>;

export interface MutationForm<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The form's green and red alerts; also for a second action sharing them (a removal). */
  feedback: FormFeedback;
  /** The form's onSubmit: validates with the schema, then calls the mutation (also without an event). */
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The call is running. */
  pending: boolean;
  /** The last call succeeded (a one-time form such as registration then shows what comes next). */
  succeeded: boolean;
}

const send = <TVariables, TResponse>(
  mutation: FormMutation<TVariables, TResponse>,
  variables: TVariables,
) => (typeof mutation === 'function' ? mutation(variables) : mutation.mutateAsync(variables));

/** Runs the call with the checked values (the feature's hook keeps its own cache updates). */
const call = <TOutput, TVariables, TResponse>(
  options: CallOptions<TOutput, TVariables, TResponse>,
  values: TOutput,
) =>
  options.toVariables
    ? send(options.mutation, options.toVariables(values))
    : send(options.mutation, values);

/**
 * The one shape of a form that sends one call (bulletproof's `<Form schema onSubmit>`): the
 * react-hook-form form with the schema's resolver, the call, the green and red alerts (server
 * field errors under the form's own fields, see useFormFeedback) and what follows a success.
 */
export function useMutationForm<
  TInput extends FieldValues,
  TOutput,
  TVariables,
  TResponse extends { message: string },
>(
  options: UseMutationFormOptions<TInput, TOutput, TVariables, TResponse>,
): MutationForm<TInput, TOutput> {
  const {
    schema,
    defaultValues,
    afterSuccess = 'reset',
    onSuccess,
    onError,
    successMessage = 'flash',
    serverErrorText,
  } = options;
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const feedback = useFormFeedback(form, { serverErrorText });
  const active = useMutation({
    mutationFn: (values: TOutput) => call<TOutput, TVariables, TResponse>(options, values),
  });
  const navigate = useNavigate();
  const [destination, setDestination] = useState<Extract<
    AfterSuccess<TInput, TOutput, TResponse>,
    { navigate: To }
  > | null>(null);

  useEffect(() => {
    if (!destination) return;
    const { navigate: to, delayMs = 0, options } = destination;
    const timer = setTimeout(() => navigate(to, options), delayMs);
    return () => clearTimeout(timer);
  }, [destination, navigate]);

  const handleValid = (values: TOutput) => {
    feedback.clear();
    active.mutate(values, {
      onSuccess: (response) => {
        if (afterSuccess === 'reset') form.reset(defaultValues);
        else if (afterSuccess !== 'keep') {
          if ('reset' in afterSuccess) form.reset(afterSuccess.reset(response, values));
          else setDestination(afterSuccess);
        }
        if (successMessage !== 'none') {
          feedback.showSuccess(response.message, { persist: successMessage === 'persist' });
        }
        onSuccess?.(response, values);
      },
      onError: (error) => {
        feedback.showError(error);
        onError?.(error);
      },
    });
  };

  return {
    form,
    feedback,
    submit: form.handleSubmit(handleValid, feedback.showInvalid),
    pending: active.isPending,
    succeeded: active.isSuccess,
  };
}
