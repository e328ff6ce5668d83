import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A place as a dashboard card shows it, with the dashboard's own counts. */
export interface Place<C> {
  name: string;
  address: string;
  zipCode: string;
  postalDistrict: string;
  counts: C;
}

interface PlaceCardsProps<C> {
  /** The organization as the dashboards' APIs answer it. */
  organization: {
    organizationName: string;
    organizationAddress: string;
    organizationZipCode: string;
    organizationPostalDistrict: string;
    counts: C;
  };
  /** Its targets as the dashboards' APIs answer them. */
  targets: readonly {
    targetId: string;
    targetName: string;
    targetAddress: string;
    targetZipCode: string;
    targetPostalDistrict: string;
    counts: C;
  }[];
  /** The heading over the targets' cards. */
  targetsTitle: string;
  /** Said instead of the targets' cards when there are none. */
  noTargets: string;
  /** One card; the organization's heading is level 2, a target's level 3. */
  card: (place: Place<C>, headingLevel: 2 | 3) => ReactNode;
}

/**
 * A dashboard's cards: the organization's card, then a heading and one card per target, in a
 * grid of one column on a phone, two on a tablet and three on a desktop (Tieto and Vainu
 * dashboards, spec 001 §2).
 */
export function PlaceCards<C>({
  organization,
  targets,
  targetsTitle,
  noTargets,
  card,
}: PlaceCardsProps<C>) {
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          {card(
            {
              name: organization.organizationName,
              address: organization.organizationAddress,
              zipCode: organization.organizationZipCode,
              postalDistrict: organization.organizationPostalDistrict,
              counts: organization.counts,
            },
            2,
          )}
        </Grid>
      </Grid>
      <Typography component="h2" variant="h5">
        {targetsTitle}
      </Typography>
      {targets.length === 0 ? (
        <Typography>{noTargets}</Typography>
      ) : (
        <Grid container spacing={2}>
          {targets.map((target) => (
            <Grid key={target.targetId} size={{ xs: 12, md: 6, lg: 4 }}>
              {card(
                {
                  name: target.targetName,
                  address: target.targetAddress,
                  zipCode: target.targetZipCode,
                  postalDistrict: target.targetPostalDistrict,
                  counts: target.counts,
                },
                3,
              )}
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
