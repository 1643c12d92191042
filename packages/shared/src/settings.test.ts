import { describe, expect, it } from "vitest";
import { SETTING_DEFAULTS, SETTING_KEYS, SETTING_SCHEMAS } from "./settings.js";

describe("settings", () => {
  it("has a default for every key, and each default is a value its key accepts", () => {
    for (const key of SETTING_KEYS) expect(SETTING_SCHEMAS[key].safeParse(SETTING_DEFAULTS[key]).success, key).toBe(true);
  });

  it("lists every key the spec names", () => {
    for (const key of ["userRating", "scheduleType", "call", "CheckMsgIsGroup", "allowregister", "viewregister", "sendGreetingAccepted", "sendMsgTransfTicket", "sendGreetingMessageOneQueues", "chatBotType", "trial", "ipixc", "tokenixc", "ipmkauth", "clientidmkauth", "clientsecretmkauth", "asaas"]) {
      expect(SETTING_KEYS).toContain(key);
    }
  });
});
