//! The pages around the API: the WordPress site's home page (with the
//! `Link: <…/wp-json/>; rel="https://api.w.org/"` header WordPress sends),
//! its theme's 404 page (what `/wp-json/` is without pretty permalinks),
//! and another site's pages for an address that is not WordPress.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Where a client discovers the API from a page.
fn api_root(site: &str, pretty: bool) -> String {
    if pretty { format!("{site}/wp-json/") } else { format!("{site}/?rest_route=/") }
}

fn page(status: StatusCode, body: String, link: Option<String>) -> Response {
    let mut response =
        (status, [(header::CONTENT_TYPE, "text/html; charset=UTF-8")], body).into_response();
    if let Some(link) = link.and_then(|l| l.parse().ok()) {
        response.headers_mut().insert(header::LINK, link);
    }
    response
}

fn wordpress_page(site: &str, pretty: bool, title: &str, main: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html dir=\"rtl\" lang=\"fa-IR\">\n<head>\n<meta charset=\"UTF-8\" />\n\
         <title>{title}</title>\n<link rel=\"https://api.w.org/\" href=\"{api}\" />\n\
         <link rel='stylesheet' id='twentytwentyfour-style-css' href='{site}/wp-content/themes/twentytwentyfour/style.css' media='all' />\n\
         <meta name=\"generator\" content=\"WordPress 6.6.2\" />\n</head>\n<body class=\"rtl\">\n\
         <main>{main}</main>\n<script src=\"{site}/wp-includes/js/wp-emoji-release.min.js\"></script>\n\
         </body>\n</html>\n",
        api = api_root(site, pretty),
    )
}

/// The home page (and any other page of the site but its API).
pub(super) fn home(site: &str, pretty: bool) -> Response {
    let body = wordpress_page(site, pretty, "وبلاگ آزمایشی", "<h1>وبلاگ آزمایشی</h1>");
    let link = format!("<{}>; rel=\"https://api.w.org/\"", api_root(site, pretty));
    page(StatusCode::OK, body, Some(link))
}

/// The theme's 404 page.
pub(super) fn not_found(site: &str, pretty: bool) -> Response {
    let body =
        wordpress_page(site, pretty, "برگه پیدا نشد – وبلاگ آزمایشی", "<h1>برگه پیدا نشد</h1>");
    page(StatusCode::NOT_FOUND, body, None)
}

/// Another site: nginx's 404 for `/wp-json/…`, its home page for the rest
/// (a `?rest_route=` query means nothing to it).
pub(super) fn other_site(path: &str) -> Response {
    if path.starts_with("/wp-json") {
        let body = "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n\
                    <center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n\
                    </body>\r\n</html>\r\n";
        return page(StatusCode::NOT_FOUND, body.to_owned(), None);
    }
    let body = "<!doctype html>\n<html lang=\"fa\" dir=\"rtl\">\n<head><meta charset=\"utf-8\">\
                <title>فروشگاه نمونه</title></head>\n<body><h1>فروشگاه نمونه</h1></body>\n</html>\n";
    page(StatusCode::OK, body.to_owned(), None)
}
