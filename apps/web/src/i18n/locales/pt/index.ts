import auth from "./auth.json";
import common from "./common.json";
import errors from "./errors.json";
import layout from "./layout.json";
import menu from "./menu.json";
import pages from "./pages.json";
import profile from "./profile.json";
import settings from "./settings.json";
import users from "./users.json";
import queues from "./queues.json";
import quickMessages from "./quickMessages.json";
import tags from "./tags.json";
import workingHours from "./workingHours.json";
import validation from "./validation.json";
import connections from "./connections.json";
import simulator from "./simulator.json";
import contacts from "./contacts.json";
import tickets from "./tickets.json";
import composer from "./composer.json";
import conversation from "./conversation.json";
import messagesList from "./messagesList.json";

/** One file per area; keys read as "<area>.<key>" (e.g. "errors.ERR_NO_PERMISSION", "validation.required"). */
export const pt = { auth, common, errors, layout, menu, pages, profile, settings, users, validation, queues, quickMessages, tags, workingHours, contacts, connections, simulator, tickets, composer, conversation, messagesList };
