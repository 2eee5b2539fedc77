//! `/wp/v2/posts`: the list (published posts to anyone, other statuses to
//! those who may write), one post, and `POST` to create one, with the posts
//! controller's checks in its order and words: who may create, publish and
//! write as another author; each parameter's type and allowed values;
//! `empty_content`; term ids that do not exist are left out, as
//! `wp_set_object_terms` leaves them; a post without a category gets the
//! default one. A created post is answered 201 in the edit context, with
//! `Location`.

use chrono::DateTime;
use serde_json::{Value, json};

use super::error::WpError;
use super::paging::Page;
use super::params::{Params, Problem};
use super::rest::{Call, Reply, context};
use super::site::{Cap, DEFAULT_CATEGORY, Post, Site, Taxonomy, sanitize_title};
use super::unix_now;

const STATUSES: [&str; 5] = ["publish", "future", "draft", "pending", "private"];
const FORMATS: [&str; 10] =
    ["standard", "aside", "chat", "gallery", "link", "image", "quote", "status", "video", "audio"];

fn can(site: &Site, call: &Call, cap: Cap) -> bool {
    call.user.and_then(|id| site.user(id)).is_some_and(|u| u.user.role.can(cap))
}

pub(super) fn create(site: &mut Site, call: &Call) -> Result<Reply, WpError> {
    let signed_in = call.user.is_some();
    if call.params.has("id") {
        return Err(WpError::new(400, "rest_post_exists", "Cannot create existing post."));
    }
    if !can(site, call, Cap::EditPosts) {
        return Err(WpError::authorization(
            signed_in,
            "rest_cannot_create",
            "Sorry, you are not allowed to create posts as this user.",
        ));
    }
    let fields = Fields::read(call.params)?;
    let me = call.user.unwrap_or_default();
    let author = fields.author.unwrap_or(me);
    if author != me && !can(site, call, Cap::EditOthersPosts) {
        return Err(WpError::new(
            403,
            "rest_cannot_edit_others",
            "Sorry, you are not allowed to create posts as this user.",
        ));
    }
    let status = fields.status.unwrap_or_else(|| "draft".into());
    if matches!(status.as_str(), "publish" | "future" | "private")
        && !can(site, call, Cap::PublishPosts)
    {
        return Err(WpError::new(
            403,
            "rest_cannot_publish",
            "Sorry, you are not allowed to publish posts in this post type.",
        ));
    }
    if site.user(author).is_none() {
        return Err(WpError::new(400, "rest_invalid_author", "Invalid author ID."));
    }
    let title = call.params.raw_text("title").unwrap_or_default();
    let content = call.params.raw_text("content").unwrap_or_default();
    let excerpt = call.params.raw_text("excerpt").unwrap_or_default();
    if title.trim().is_empty() && content.trim().is_empty() && excerpt.trim().is_empty() {
        return Err(WpError::new(400, "empty_content", "Content, title, and excerpt are empty."));
    }
    let existing = |taxonomy, ids: Vec<i64>| -> Vec<i64> {
        let mut kept: Vec<i64> =
            ids.into_iter().filter(|id| site.term(taxonomy, *id).is_some()).collect();
        kept.dedup();
        kept
    };
    let mut categories = existing(Taxonomy::Category, fields.categories.unwrap_or_default());
    if categories.is_empty() {
        categories.push(DEFAULT_CATEGORY);
    }
    let tags = existing(Taxonomy::Tag, fields.tags.unwrap_or_default());
    let slug = match (fields.slug, status.as_str()) {
        (Some(slug), _) if !slug.is_empty() => sanitize_title(&slug),
        // WordPress names a post's slug when it is published, not before.
        (_, "publish" | "private" | "future") => sanitize_title(&title),
        _ => String::new(),
    };
    let date = fields.date.unwrap_or_else(|| {
        let now = DateTime::from_timestamp(unix_now(), 0).unwrap_or_default();
        now.format("%Y-%m-%dT%H:%M:%S").to_string()
    });
    let post = Post {
        id: site.next_post_id(),
        title,
        content,
        excerpt,
        status,
        format: fields.format.unwrap_or_else(|| "standard".into()),
        author,
        categories,
        tags,
        slug,
        date,
    };
    let body = post_json(&post, "edit", call);
    let location = call.api_url(&format!("/wp/v2/posts/{}", post.id));
    site.posts.push(post);
    Ok(Reply::created(body, location))
}

/// The fields a create reads beside the text ones, each checked.
struct Fields {
    status: Option<String>,
    format: Option<String>,
    author: Option<i64>,
    categories: Option<Vec<i64>>,
    tags: Option<Vec<i64>>,
    slug: Option<String>,
    date: Option<String>,
}

impl Fields {
    fn read(params: &Params) -> Result<Fields, WpError> {
        let mut problems: Vec<Problem> = Vec::new();
        let fields = Fields {
            status: take(&mut problems, params.one_of("status", &STATUSES)),
            format: take(&mut problems, params.one_of("format", &FORMATS)),
            author: take(&mut problems, params.int("author")),
            categories: take(&mut problems, params.ints("categories")),
            tags: take(&mut problems, params.ints("tags")),
            slug: take(&mut problems, params.string("slug")),
            date: take(&mut problems, params.string("date")),
        };
        if let Some(date) = &fields.date
            && chrono::NaiveDateTime::parse_from_str(date, "%Y-%m-%dT%H:%M:%S").is_err()
        {
            problems.push(("date", "rest_invalid_date", "Invalid date.".into()));
        }
        if problems.is_empty() { Ok(fields) } else { Err(WpError::invalid_params(&problems)) }
    }
}

/// The value, or none with its problem noted.
fn take<T>(problems: &mut Vec<Problem>, read: Result<Option<T>, Problem>) -> Option<T> {
    read.unwrap_or_else(|problem| {
        problems.push(problem);
        None
    })
}

pub(super) fn list(site: &Site, call: &Call) -> Result<Reply, WpError> {
    let signed_in = call.user.is_some();
    let writer = can(site, call, Cap::EditPosts);
    let context = context(call.params)?;
    if context == "edit" && !writer {
        return Err(WpError::authorization(
            signed_in,
            "rest_forbidden_context",
            "Sorry, you are not allowed to edit posts in this post type.",
        ));
    }
    let invalid = |p| WpError::invalid_params(&[p]);
    let statuses: Vec<String> = match call.params.string("status").map_err(invalid)? {
        None => vec!["publish".into()],
        Some(list) => list.split(',').map(|s| s.trim().to_owned()).collect(),
    };
    if statuses.iter().any(|s| s != "publish") && !writer {
        return Err(invalid(("status", "rest_forbidden_status", "Status is forbidden.".into())));
    }
    let page = Page::read(call.params)?;
    let authors = call.params.ints("author").map_err(invalid)?;
    let categories = call.params.ints("categories").map_err(invalid)?;
    let tags = call.params.ints("tags").map_err(invalid)?;
    let search = call.params.string("search").map_err(invalid)?.unwrap_or_default().to_lowercase();
    let any = |wanted: &Option<Vec<i64>>, have: &[i64]| {
        wanted.as_ref().is_none_or(|w| w.iter().any(|id| have.contains(id)))
    };
    let mut posts: Vec<&Post> = site
        .posts
        .iter()
        .filter(|p| statuses.iter().any(|s| s == "any" || *s == p.status))
        .filter(|p| authors.as_ref().is_none_or(|a| a.contains(&p.author)))
        .filter(|p| any(&categories, &p.categories) && any(&tags, &p.tags))
        .filter(|p| {
            search.is_empty()
                || p.title.to_lowercase().contains(&search)
                || p.content.to_lowercase().contains(&search)
        })
        .collect();
    posts.sort_by(|a, b| b.date.cmp(&a.date).then(b.id.cmp(&a.id)));
    let total = posts.len();
    let pages = page.total_pages(total);
    if page.page > pages && total > 0 {
        return Err(WpError::new(
            400,
            "rest_post_invalid_page_number",
            "The page number requested is larger than the number of pages available.",
        ));
    }
    let items: Vec<Value> =
        page.of(posts).into_iter().map(|p| post_json(p, &context, call)).collect();
    Ok(Reply::list(Value::Array(items), page.headers(total, |n| call.page_link(n))))
}

pub(super) fn get(site: &Site, id: &str, call: &Call) -> Result<Reply, WpError> {
    let post = id
        .parse::<i64>()
        .ok()
        .and_then(|id| site.posts.iter().find(|p| p.id == id))
        .ok_or_else(|| WpError::new(404, "rest_post_invalid_id", "Invalid post ID."))?;
    let writer = can(site, call, Cap::EditPosts);
    if post.status != "publish" && !writer {
        return Err(WpError::authorization(
            call.user.is_some(),
            "rest_forbidden",
            "Sorry, you are not allowed to do that.",
        ));
    }
    let context = context(call.params)?;
    Ok(Reply::ok(post_json(post, if writer { &context } else { "view" }, call)))
}

/// `wpautop`, roughly: each paragraph in `<p>`.
fn paragraphs(text: &str) -> String {
    text.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| if p.starts_with('<') { format!("{p}\n") } else { format!("<p>{p}</p>\n") })
        .collect()
}

fn post_json(post: &Post, context: &str, call: &Call) -> Value {
    let excerpt = if post.excerpt.is_empty() {
        let words: Vec<&str> = post.content.split_whitespace().take(55).collect();
        words.join(" ")
    } else {
        post.excerpt.clone()
    };
    let mut json = json!({
        "id": post.id,
        "date": post.date,
        "date_gmt": post.date,
        "guid": {"rendered": format!("{}/?p={}", call.site_url, post.id)},
        "modified": post.date,
        "modified_gmt": post.date,
        "slug": post.slug,
        "status": post.status,
        "type": "post",
        "link": post.link(call.site_url, call.pretty),
        "title": {"rendered": post.title},
        "content": {"rendered": paragraphs(&post.content), "protected": false},
        "excerpt": {"rendered": paragraphs(&excerpt), "protected": false},
        "author": post.author,
        "featured_media": 0,
        "comment_status": "open",
        "ping_status": "open",
        "sticky": false,
        "template": "",
        "format": post.format,
        "meta": {"footnotes": ""},
        "categories": post.categories,
        "tags": post.tags,
        "_links": {
            "self": [{"href": call.api_url(&format!("/wp/v2/posts/{}", post.id))}],
            "collection": [{"href": call.api_url("/wp/v2/posts")}],
            "author": [{"embeddable": true, "href": call.api_url(&format!("/wp/v2/users/{}", post.author))}],
        },
    });
    if context == "edit" {
        json["title"]["raw"] = json!(post.title);
        json["content"]["raw"] = json!(post.content);
        json["content"]["block_version"] = json!(0);
        json["excerpt"]["raw"] = json!(post.excerpt);
        json["guid"]["raw"] = json["guid"]["rendered"].clone();
        json["password"] = json!("");
        json["permalink_template"] = json!(format!("{}/%postname%/", call.site_url));
        json["generated_slug"] = json!(sanitize_title(&post.title));
    }
    json
}
