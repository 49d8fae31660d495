/** The user screens' paths. */
export const USER_MENU_PATH = '/controller/usermanage';
export const USER_EDIT_PATH = '/controller/userEdit';
