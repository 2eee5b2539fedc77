//! `GET /wp/v2/categories` and `GET /wp/v2/tags`: public, paged, by name
//! unless asked otherwise, each term with its published posts' count.

use serde_json::{Value, json};

use super::error::WpError;
use super::paging::Page;
use super::rest::{Call, Reply, context};
use super::site::{Site, Taxonomy, Term};

pub(super) fn list(site: &Site, taxonomy: Taxonomy, call: &Call) -> Result<Reply, WpError> {
    let signed_in = call.user.is_some();
    if context(call.params)? == "edit" && !signed_in {
        return Err(WpError::authorization(
            false,
            "rest_forbidden_context",
            "Sorry, you are not allowed to edit terms in this taxonomy.",
        ));
    }
    let invalid = |p| WpError::invalid_params(&[p]);
    let page = Page::read(call.params)?;
    let orderby = call
        .params
        .one_of(
            "orderby",
            &[
                "id",
                "include",
                "name",
                "slug",
                "include_slugs",
                "term_group",
                "description",
                "count",
            ],
        )
        .map_err(invalid)?
        .unwrap_or_else(|| "name".into());
    let descending =
        call.params.one_of("order", &["asc", "desc"]).map_err(invalid)?.as_deref() == Some("desc");
    let hide_empty = call.params.flag("hide_empty").map_err(invalid)?.unwrap_or(false);
    let search = call.params.string("search").map_err(invalid)?.unwrap_or_default().to_lowercase();
    let mut terms: Vec<&Term> = site
        .terms
        .iter()
        .filter(|t| t.taxonomy == taxonomy)
        .filter(|t| !hide_empty || site.count(t) > 0)
        .filter(|t| {
            search.is_empty() || t.name.to_lowercase().contains(&search) || t.slug.contains(&search)
        })
        .collect();
    match orderby.as_str() {
        "id" | "include" => terms.sort_by_key(|t| t.id),
        "slug" => terms.sort_by(|a, b| a.slug.cmp(&b.slug)),
        "count" => terms.sort_by_key(|t| site.count(t)),
        _ => terms.sort_by(|a, b| a.name.cmp(&b.name)),
    }
    if descending {
        terms.reverse();
    }
    let total = terms.len();
    let items: Vec<Value> = page.of(terms).into_iter().map(|t| term_json(site, t, call)).collect();
    Ok(Reply::list(Value::Array(items), page.headers(total, |n| call.page_link(n))))
}

fn term_json(site: &Site, term: &Term, call: &Call) -> Value {
    let (base, plain) = match term.taxonomy {
        Taxonomy::Category => ("categories", format!("{}/?cat={}", call.site_url, term.id)),
        Taxonomy::Tag => ("tags", format!("{}/?tag={}", call.site_url, term.slug)),
    };
    let link = match (call.pretty, term.taxonomy) {
        (true, Taxonomy::Category) => format!("{}/category/{}/", call.site_url, term.slug),
        (true, Taxonomy::Tag) => format!("{}/tag/{}/", call.site_url, term.slug),
        (false, _) => plain,
    };
    let mut json = json!({
        "id": term.id,
        "count": site.count(term),
        "description": "",
        "link": link,
        "name": term.name,
        "slug": term.slug,
        "taxonomy": term.taxonomy.name(),
        "meta": [],
        "_links": {
            "self": [{"href": call.api_url(&format!("/wp/v2/{base}/{}", term.id))}],
            "collection": [{"href": call.api_url(&format!("/wp/v2/{base}"))}],
        },
    });
    if term.taxonomy == Taxonomy::Category {
        json["parent"] = json!(term.parent);
    }
    json
}
