/** The user screens' paths (spec 000 §2 /controller/usermanage and /controller/userEdit). */
export const USER_MENU_PATH = '/controller/usermanage';
export const USER_EDIT_PATH = '/controller/userEdit';
