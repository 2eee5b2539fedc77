import { describe, expect, it } from "vitest";
import type { WordpressTestResult } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import { resultFacts, rightsWarning, roleText, wordpressSaid } from "./connection";

const t = fa.nodes.wordpress.site;

const signedIn = (rights: { can_write: boolean; can_publish: boolean }, roles = ["author"]): WordpressTestResult => ({
  status: "success",
  code: "wordpress_connected",
  message: "وصل شد",
  details: {
    site_url: "https://blog.example.ir",
    auth_type: "application_password",
    api_root: "rest_route",
    user: { id: 2, name: "رضا", username: "reza", roles, ...rights },
  },
});

const refused: WordpressTestResult = {
  status: "error",
  code: "wordpress_credentials_rejected",
  message: "نپذیرفت",
  details: {
    site_url: "https://blog.example.ir",
    auth_type: "application_password",
    field: "authData.applicationPassword",
    wordpress: { status: 401, code: "incorrect_password", message: "The provided password is an invalid application password." },
  },
};

describe("a test's result in the panel", () => {
  it("shows who signed in, as what and how", () => {
    const facts = resultFacts(signedIn({ can_write: true, can_publish: true }, ["author", "shop_manager"]));
    expect(facts.map((f) => [f.field, f.value])).toEqual([
      ["user", "رضا"],
      ["roles", `${t.roles.author}، shop_manager`],
      ["api_root", t.apiRoots.rest_route],
    ]);
    expect(facts[0]!.note).toBe("@reza");
    expect(resultFacts(refused)).toEqual([]);
    expect(roleText("editor")).toBe(t.roles.editor);
  });

  it("warns when the user may not post as the node asks", () => {
    const drafts = { autoPublish: false, postStatus: "draft" as const };
    const publishes = { autoPublish: true, postStatus: "draft" as const };
    expect(rightsWarning(signedIn({ can_write: false, can_publish: false }), drafts)).toBe(t.cannotWrite);
    expect(rightsWarning(signedIn({ can_write: true, can_publish: false }), drafts)).toBeNull();
    expect(rightsWarning(signedIn({ can_write: true, can_publish: false }), publishes)).toBe(t.cannotPublish);
    expect(rightsWarning(signedIn({ can_write: true, can_publish: false }), { autoPublish: false, postStatus: "future" })).toBe(t.cannotPublish);
    expect(rightsWarning(signedIn({ can_write: true, can_publish: true }), publishes)).toBeNull();
    expect(rightsWarning(refused, publishes)).toBeNull();
  });

  it("quotes what WordPress said when it refused", () => {
    expect(wordpressSaid(refused)).toBe("401 incorrect_password: The provided password is an invalid application password.");
    expect(wordpressSaid(signedIn({ can_write: true, can_publish: true }))).toBeNull();
  });
});
