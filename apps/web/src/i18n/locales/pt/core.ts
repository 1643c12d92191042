import auth from "./auth.json";
import common from "./common.json";
import errors from "./errors.json";
import layout from "./layout.json";
import validation from "./validation.json";

/**
 * What the login page and the first paint need (sign-in, language choice, error toasts, field messages). The rest of
 * Portuguese is a chunk loaded with the first signed-in page (i18n/index.ts, loadAllTranslations), so the login page
 * does not carry every screen's texts.
 */
export const ptCore = { auth, common, errors, layout, validation };
