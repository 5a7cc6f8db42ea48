/** The feedback form's limits (spec §5). */

export const FEEDBACK_TITLE_MAX = 200;

export const FEEDBACK_MESSAGE_MAX = 2000;
