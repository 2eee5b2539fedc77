//! A WordPress node is its assistant's [`PUBLISH_POST`] tool
//! (`publish_wordpress_{databaseId}` for a second site): the model writes
//! the title, the text and perhaps an excerpt; everything else comes from
//! the node ([`post_defaults`]). It needs the site's address, the
//! credentials its auth type signs in with, and the node switched on.

use std::collections::HashSet;

use serde_json::json;

use super::{SkipReason, Tool, ToolSource, fallback_name};
use crate::data::CanvasNode;
use crate::data::wordpress::{
    WordpressData, WordpressPayload, WordpressPostFormat, WordpressPostStatus, WordpressTerm,
};
use crate::validate::wordpress::{normalize_wordpress_url, wordpress_auth_complete};

/// The tool that creates a post on a connected WordPress site.
pub const PUBLISH_POST: &str = "publish_post";

/// What a node's post is, beside what the model writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostDefaults {
    /// `publish` when the node publishes at once (`autoPublish`), else its `postStatus`.
    pub status: WordpressPostStatus,
    pub format: WordpressPostFormat,
    /// The default category first, then the node's others, each once.
    pub categories: Vec<i64>,
    /// The default tags, then the node's others, each once.
    pub tags: Vec<i64>,
    /// The default author, else the node's `authorId`; none: the user signed in.
    pub author: Option<i64>,
    pub slug: String,
    /// RFC 3339, for a scheduled (`future`) post only.
    pub publish_date: Option<String>,
}

pub fn post_defaults(node: &WordpressPayload) -> PostDefaults {
    let status = if node.auto_publish { WordpressPostStatus::Publish } else { node.post_status };
    let once = |first: &[i64], then: &[i64]| {
        let mut ids: Vec<i64> = Vec::new();
        for id in first.iter().chain(then) {
            if !ids.contains(id) {
                ids.push(*id);
            }
        }
        ids
    };
    let default_category: Vec<i64> = node.default_category.into_iter().collect();
    PostDefaults {
        status,
        format: node.post_format,
        categories: once(&default_category, &node.categories),
        tags: once(&node.default_tags, &node.tags),
        author: node.default_author.or(node.author_id),
        slug: node.slug.trim().to_owned(),
        publish_date: node
            .publish_date
            .clone()
            .filter(|d| status == WordpressPostStatus::Future && !d.trim().is_empty()),
    }
}

/// The node's `publish_post` tool; `taken` holds the names given so far.
pub(super) fn wordpress_tool(
    node: &CanvasNode,
    data: &WordpressData,
    taken: &HashSet<String>,
) -> Result<Tool, SkipReason> {
    if !data.is_active {
        return Err(SkipReason::WordpressInactive);
    }
    let site =
        normalize_wordpress_url(&data.site_url).map_err(|_| SkipReason::WordpressIncomplete)?;
    if !wordpress_auth_complete(data.auth_type, &data.auth_data) {
        return Err(SkipReason::WordpressIncomplete);
    }
    let name = if taken.contains(PUBLISH_POST) {
        format!("publish_{}", fallback_name(node))
    } else {
        PUBLISH_POST.to_owned()
    };
    let payload = data.to_payload();
    let defaults = post_defaults(&payload);
    let label = node.data.base().label.trim();
    let site_name = if label.is_empty() { site.clone() } else { format!("«{label}» ({site})") };
    let status = match defaults.status {
        WordpressPostStatus::Publish => "published at once".to_owned(),
        WordpressPostStatus::Draft => "saved as a draft for the site's editors".to_owned(),
        WordpressPostStatus::Pending => "sent for the site's editors to review".to_owned(),
        WordpressPostStatus::Private => {
            "published privately (only the site's editors see it)".to_owned()
        }
        WordpressPostStatus::Future => match &defaults.publish_date {
            Some(date) => format!("scheduled for {date}"),
            None => "scheduled".to_owned(),
        },
    };
    let mut description = format!(
        "Create a post on the WordPress site {site_name}; it is {status}. Answers with the \
         post's id, status and link: give the user the link. Use it only when the user asks for \
         a post or your instructions say to write one."
    );
    let named = |ids: &[i64], known: &[WordpressTerm]| -> Vec<String> {
        ids.iter()
            .filter_map(|id| known.iter().find(|t| t.id == *id))
            .map(|t| format!("«{}»", t.name))
            .collect()
    };
    let categories = named(&defaults.categories, &payload.wordpress_categories);
    if !categories.is_empty() {
        description.push_str(&format!(" Its categories: {}.", categories.join(", ")));
    }
    let tags = named(&defaults.tags, &payload.wordpress_tags);
    if !tags.is_empty() {
        description.push_str(&format!(" Its tags: {}.", tags.join(", ")));
    }
    Ok(Tool {
        name,
        description,
        parameters: json!({
            "type": "object",
            "properties": {
                "title": {"type": "string", "description": "The post's title, in the site's language (usually Persian)."},
                "content": {"type": "string", "description": "The post's text: paragraphs separated by blank lines, or HTML (<p>, <h2>, <ul>)."},
                "excerpt": {"type": "string", "description": "A one- or two-sentence summary, if the post should have one."}
            },
            "required": ["title", "content"]
        }),
        source: ToolSource::Wordpress { node: node.id.clone() },
    })
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::abilities::abilities;
    use crate::connect::Graph;

    fn graph(nodes: Vec<(&str, Value)>) -> Graph {
        let edges: Vec<Value> = nodes
            .iter()
            .skip(1)
            .map(|(id, _)| json!({"source": "assistant-1", "target": id}))
            .collect();
        let nodes: Vec<Value> = nodes
            .into_iter()
            .map(|(id, data)| {
                let kind = id.split('-').next().unwrap();
                json!({"id": id, "type": kind, "position": {"x": 0, "y": 0}, "data": data})
            })
            .collect();
        serde_json::from_value(json!({"nodes": nodes, "edges": edges})).unwrap()
    }

    fn site(extra: Value) -> Value {
        let mut data = json!({"label": "وبلاگ", "siteUrl": "https://blog.example.ir/",
                              "authData": {"username": "admin", "applicationPassword": "••••"}});
        data.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        data
    }

    #[test]
    fn a_wordpress_node_is_the_publish_post_tool() {
        let g = graph(vec![
            ("assistant-1", json!({})),
            (
                "wordpress-2",
                site(json!({"postStatus": "pending", "defaultCategory": 5,
                "wordpressCategories": [{"id": 5, "name": "اخبار"}]})),
            ),
            ("wordpress-3", site(json!({"label": "", "autoPublish": true}))),
        ]);
        let a = abilities(&g, "assistant-1");
        let names: Vec<&str> = a.tools.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["publish_post", "publish_wordpress_3"]);
        assert!(a.channels.is_empty(), "a site is a tool, not a channel: {:?}", a.channels);
        let first = &a.tools[0];
        assert_eq!(first.source, ToolSource::Wordpress { node: "wordpress-2".into() });
        assert_eq!(first.parameters["required"], json!(["title", "content"]));
        for said in
            ["«وبلاگ» (https://blog.example.ir)", "sent for the site's editors to review", "«اخبار»"]
        {
            assert!(first.description.contains(said), "{said}: {}", first.description);
        }
        assert!(
            a.tools[1].description.contains("https://blog.example.ir; it is published at once"),
            "{}",
            a.tools[1].description
        );
    }

    #[test]
    fn a_site_needs_its_address_credentials_and_to_be_on() {
        let g = graph(vec![
            ("assistant-1", json!({})),
            ("wordpress-2", site(json!({"siteUrl": ""}))),
            ("wordpress-3", site(json!({"authType": "jwt"}))),
            ("wordpress-4", site(json!({"isActive": false}))),
            (
                "wordpress-5",
                site(json!({"authType": "basic", "authData": {"username": "a", "password": "p"}})),
            ),
        ]);
        let a = abilities(&g, "assistant-1");
        let skipped: Vec<(&str, SkipReason)> =
            a.skipped.iter().map(|s| (s.node.as_str(), s.reason)).collect();
        assert_eq!(
            skipped,
            [
                ("wordpress-2", SkipReason::WordpressIncomplete),
                ("wordpress-3", SkipReason::WordpressIncomplete),
                ("wordpress-4", SkipReason::WordpressInactive),
            ]
        );
        assert_eq!(a.tools.len(), 1);
        assert_eq!(a.tools[0].name, "publish_post");
    }

    #[test]
    fn defaults_come_first_each_once() {
        let node = WordpressPayload {
            post_status: WordpressPostStatus::Future,
            post_format: WordpressPostFormat::Aside,
            categories: vec![3, 5],
            default_category: Some(5),
            tags: vec![8, 9],
            default_tags: vec![9, 7],
            author_id: Some(4),
            publish_date: Some("2030-01-01T08:00:00+03:30".into()),
            slug: " news ".into(),
            ..WordpressPayload::default()
        };
        let defaults = post_defaults(&node);
        assert_eq!(defaults.categories, [5, 3]);
        assert_eq!(defaults.tags, [9, 7, 8]);
        assert_eq!(
            (defaults.author, defaults.format, defaults.slug.as_str()),
            (Some(4), WordpressPostFormat::Aside, "news")
        );
        assert_eq!(defaults.publish_date.as_deref(), Some("2030-01-01T08:00:00+03:30"));
        let published = post_defaults(&WordpressPayload {
            auto_publish: true,
            default_author: Some(2),
            ..node
        });
        assert_eq!(
            (published.status, published.author, published.publish_date),
            (WordpressPostStatus::Publish, Some(2), None)
        );
        let plain = post_defaults(&WordpressPayload::default());
        assert_eq!(
            (plain.status, plain.categories.len(), plain.author),
            (WordpressPostStatus::Draft, 0, None)
        );
    }
}
