/** What one upload may weigh (spec §9). */

export const IMAGE_MAX_BYTES = 1_048_576;
