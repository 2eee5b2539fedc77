//! The built web app at `/`: files from `DASTYAR_WEB_DIR`, and `index.html`
//! for every other path so the single-page app can route itself. When the app
//! is not built, a short Persian page says how to build it.

use std::path::Path;

use axum::Router;
use axum::http::header::CACHE_CONTROL;
use axum::response::{Html, IntoResponse};
use tower_http::services::{ServeDir, ServeFile};

use crate::state::AppState;

/// The router serving the web app (it only has a fallback, so it merges under
/// the API without taking any of its paths).
pub fn router(web_dir: &Path) -> Router<AppState> {
    let index = web_dir.join("index.html");
    if index.is_file() {
        tracing::info!(dir = %web_dir.display(), "serving the web app");
        let files = ServeDir::new(web_dir).fallback(ServeFile::new(index));
        Router::new().fallback_service(files)
    } else {
        tracing::warn!(dir = %web_dir.display(), "the web app is not built; / explains how to build it");
        let page = not_built_page(web_dir);
        Router::new().fallback(move || {
            let page = page.clone();
            async move { ([(CACHE_CONTROL, "no-store")], Html(page)).into_response() }
        })
    }
}

fn not_built_page(web_dir: &Path) -> String {
    let dir = escape(&web_dir.display().to_string());
    format!(
        r#"<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>دستیار</title>
<style>
body {{ font-family: Vazirmatn, Tahoma, sans-serif; background: #111827; color: #f9fafb; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 2; }}
code {{ background: #1f2937; padding: 0.1rem 0.4rem; border-radius: 0.25rem; }}
a {{ color: #93c5fd; }}
</style>
</head>
<body>
<h1>دستیار</h1>
<p>سرور در حال اجراست، اما برنامهٔ وب هنوز ساخته نشده است: پوشهٔ <code dir="ltr">{dir}</code> فایل <code dir="ltr">index.html</code> ندارد.</p>
<p>برای ساختن برنامهٔ وب و اجرای دستیار، در ریشهٔ مخزن این فرمان را اجرا کنید:</p>
<p><code dir="ltr">make run</code></p>
<p>اگر برنامهٔ وب را جای دیگری ساخته‌اید، مسیر آن را با متغیر <code dir="ltr">DASTYAR_WEB_DIR</code> بدهید.</p>
<p>رابط برنامه‌نویسی در <code dir="ltr">/api</code> در دسترس است؛ سند آن: <a href="/api/openapi.json" dir="ltr">/api/openapi.json</a></p>
</body>
</html>
"#
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_folder_safely() {
        let page = not_built_page(Path::new("web/<dist>"));
        assert!(page.contains("web/&lt;dist&gt;"));
        assert!(page.contains("make run"));
        assert!(page.contains(r#"dir="rtl""#));
    }
}
