//! The `publish_post` tool: what the model wrote (title, text, excerpt)
//! made a post with the WordPress node's defaults (core's
//! `post_defaults`), created on its site, and answered to the model with
//! the post's id, status and link, or the Persian reason it was not.

use chrono::DateTime;
use dastyar_core::MessageCode;
use dastyar_core::abilities::wordpress_tool::{PostDefaults, post_defaults};
use dastyar_core::data::NodePayload;
use dastyar_core::data::wordpress::WordpressPayload;
use serde_json::{Map, Value, json};

use crate::error::ApiError;
use crate::providers::wordpress::NewPost;
use crate::runtime::wordpress_site::WordpressSite;
use crate::state::AppState;

/// Creates the post the call describes on `stored`'s site (its credentials
/// sealed, as stored); whether it was made, and what the model reads.
pub async fn publish(
    state: &AppState,
    stored: WordpressPayload,
    args: &Map<String, Value>,
) -> (bool, String) {
    let text = |name: &str| args.get(name).and_then(Value::as_str).unwrap_or_default().trim();
    let (title, content) = (text("title"), text("content"));
    if title.is_empty() || content.is_empty() {
        return (false, MessageCode::WordpressPostIncomplete.persian().to_owned());
    }
    let site = match WordpressSite::open(&state.secrets, NodePayload::Wordpress(stored)) {
        Ok(site) => site,
        Err(ApiError::Invalid { code, .. } | ApiError::Conflict(code)) => {
            return (false, code.persian().to_owned());
        }
        Err(error) => {
            tracing::error!(?error, "a WordPress node could not be opened for publish_post");
            return (false, MessageCode::InternalError.persian().to_owned());
        }
    };
    let post = new_post(title, content, text("excerpt"), &post_defaults(&site.payload));
    match site.client(&state.outbound).create_post(&post).await {
        Ok(created) => {
            tracing::info!(site = %site.payload.site_url, post = created.id, "publish_post created a post");
            let answer = json!({"id": created.id, "status": created.status, "link": created.link,
                                "title": created.title()});
            (true, answer.to_string())
        }
        Err(error) => {
            tracing::info!(%error, site = %site.payload.site_url, "publish_post failed");
            (false, error.persian(&site.payload.site_url, state.outbound.timeout()))
        }
    }
}

/// The body of `POST /wp/v2/posts`.
fn new_post(title: &str, content: &str, excerpt: &str, defaults: &PostDefaults) -> NewPost {
    let spelled = |value: Value| value.as_str().unwrap_or_default().to_owned();
    NewPost {
        title: title.to_owned(),
        content: content.to_owned(),
        excerpt: excerpt.to_owned(),
        status: spelled(json!(defaults.status)),
        format: spelled(json!(defaults.format)),
        categories: defaults.categories.clone(),
        tags: defaults.tags.clone(),
        author: defaults.author,
        slug: defaults.slug.clone(),
        // WordPress reads `date_gmt` in UTC without an offset.
        date_gmt: defaults.publish_date.as_deref().and_then(|date| {
            let at = DateTime::parse_from_rfc3339(date.trim()).ok()?;
            Some(at.naive_utc().format("%Y-%m-%dT%H:%M:%S").to_string())
        }),
    }
}

#[cfg(test)]
mod tests {
    use dastyar_core::data::wordpress::{WordpressPostFormat, WordpressPostStatus};

    use super::*;

    #[test]
    fn a_post_takes_the_nodes_defaults() {
        let defaults = PostDefaults {
            status: WordpressPostStatus::Future,
            format: WordpressPostFormat::Aside,
            categories: vec![5, 3],
            tags: vec![9],
            author: Some(2),
            slug: "news".into(),
            publish_date: Some("2030-01-01T08:00:00+03:30".into()),
        };
        let post = new_post("عنوان", "متن", "", &defaults);
        assert_eq!(
            serde_json::to_value(&post).unwrap(),
            json!({"title": "عنوان", "content": "متن", "status": "future", "format": "aside",
                   "categories": [5, 3], "tags": [9], "author": 2, "slug": "news",
                   "date_gmt": "2030-01-01T04:30:00"})
        );
        let plain = PostDefaults { publish_date: Some("soon".into()), ..defaults };
        assert_eq!(new_post("t", "c", "e", &plain).date_gmt, None);
    }
}
