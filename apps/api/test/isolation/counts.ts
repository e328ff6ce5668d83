/** Where each matrix file leaves its counts for the summary printed after the run. */
export const COUNTS_DIR_ENV = 'VAHTI_MATRIX_COUNTS_DIR';
