/** The form field that carries the inbox session's anti-forgery token (ActionForm writes it, the actions read it). */
export const CSRF_FIELD = 'csrf';
