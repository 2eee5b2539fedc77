//! `GET /wp/v2/users/me` and `GET /wp/v2/users`, as the users controller
//! answers: the view context to anyone, the edit context (user name,
//! e-mail, roles, capabilities) to the user themself or to one who may list
//! users; `who=authors` only to one who may write posts.

use serde_json::{Map, Value, json};

use super::error::WpError;
use super::paging::Page;
use super::rest::{Call, Reply, context};
use super::site::{Cap, Site, User, sanitize_title};

pub(super) fn me(site: &Site, call: &Call) -> Result<Reply, WpError> {
    let Some(user) = call.user.and_then(|id| site.user(id)) else {
        return Err(WpError::new(401, "rest_not_logged_in", "You are not currently logged in."));
    };
    let context = context(call.params)?;
    Ok(Reply::ok(user_json(user, &context, call)))
}

pub(super) fn list(site: &Site, call: &Call) -> Result<Reply, WpError> {
    let me = call.user.and_then(|id| site.user(id));
    let signed_in = me.is_some();
    let can = |cap| me.is_some_and(|u| u.user.role.can(cap));
    let context = context(call.params)?;
    if context == "edit" && !can(Cap::ListUsers) {
        return Err(WpError::authorization(
            signed_in,
            "rest_forbidden_context",
            "Sorry, you are not allowed to list users.",
        ));
    }
    let who = call.params.one_of("who", &["authors"]).map_err(|p| WpError::invalid_params(&[p]))?;
    if who.is_some() && !can(Cap::EditPosts) {
        return Err(WpError::authorization(
            signed_in,
            "rest_forbidden_who",
            "Sorry, you are not allowed to query users by this parameter.",
        ));
    }
    let page = Page::read(call.params)?;
    let search = call.params.string("search").ok().flatten().unwrap_or_default().to_lowercase();
    let mut users: Vec<&User> = site
        .users
        .iter()
        .filter(|u| who.is_none() || u.user.role.is_author())
        // Without `who`, those who may not list users see only authors of
        // published posts (`has_published_posts`).
        .filter(|u| {
            who.is_some()
                || can(Cap::ListUsers)
                || site.posts.iter().any(|p| p.author == u.user.id && p.status == "publish")
        })
        .filter(|u| {
            search.is_empty()
                || u.user.name.to_lowercase().contains(&search)
                || u.user.username.to_lowercase().contains(&search)
        })
        .collect();
    users.sort_by(|a, b| a.user.name.cmp(&b.user.name));
    let total = users.len();
    let items: Vec<Value> =
        page.of(users).into_iter().map(|u| user_json(u, &context, call)).collect();
    Ok(Reply::list(Value::Array(items), page.headers(total, |n| call.page_link(n))))
}

fn user_json(user: &User, context: &str, call: &Call) -> Value {
    let u = &user.user;
    let slug = sanitize_title(&u.username);
    let avatar = "https://secure.gravatar.com/avatar/00000000000000000000000000000000";
    let mut json = json!({
        "id": u.id,
        "name": u.name,
        "url": "",
        "description": "",
        "link": format!("{}/author/{slug}/", call.site_url),
        "slug": slug,
        "avatar_urls": {
            "24": format!("{avatar}?s=24&d=mm&r=g"),
            "48": format!("{avatar}?s=48&d=mm&r=g"),
            "96": format!("{avatar}?s=96&d=mm&r=g"),
        },
        "meta": [],
        "_links": {
            "self": [{"href": call.api_url(&format!("/wp/v2/users/{}", u.id))}],
            "collection": [{"href": call.api_url("/wp/v2/users")}],
        },
    });
    if context == "edit" {
        let capabilities: Map<String, Value> =
            u.role.capabilities().into_iter().map(|c| (c.to_owned(), json!(true))).collect();
        let extra = json!({u.role.slug(): true});
        if let Value::Object(object) = &mut json {
            object.extend([
                ("username".to_owned(), json!(u.username)),
                ("first_name".to_owned(), json!("")),
                ("last_name".to_owned(), json!("")),
                ("email".to_owned(), json!(u.email)),
                ("locale".to_owned(), json!("fa_IR")),
                ("nickname".to_owned(), json!(u.username)),
                ("registered_date".to_owned(), json!(user.registered)),
                ("roles".to_owned(), json!([u.role.slug()])),
                ("capabilities".to_owned(), Value::Object(capabilities)),
                ("extra_capabilities".to_owned(), extra),
            ]);
        }
    }
    json
}
