//! The chat window's page (`/embed/{key}`), framed by the frame's sites
//! only: its `Content-Security-Policy` names them in `frame-ancestors`, so
//! the browser refuses to show it anywhere else. The page is a shell; the
//! widget build's `chat.js` draws the chat from the JSON it carries.

use serde_json::json;

use super::origin::frame_ancestors;
use super::session::LiveFrame;

/// The page's own policy: our scripts and styles only, calls to us only,
/// framed by the listed sites only.
pub fn content_security_policy(live: &LiveFrame) -> String {
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
         form-action 'none'; frame-ancestors {}",
        frame_ancestors(&live.payload.authorized_domains)
    )
}

/// The page for a frame.
pub fn html(live: &LiveFrame, key: &str) -> String {
    let config = json!({
        "key": key,
        "active": live.active(),
        "offline_message": live.offline_message(),
        "appearance": live.payload.appearance,
    });
    // Nothing in the JSON can close the script element it sits in.
    let config = config.to_string().replace('<', "\\u003c").replace('>', "\\u003e");
    let title = escape(&live.payload.appearance.title);
    format!(
        r#"<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/widget/chat.css">
</head>
<body>
<div id="dastyar-chat"></div>
<script type="application/json" id="dastyar-frame">{config}</script>
<script src="/widget/chat.js" defer></script>
</body>
</html>
"#
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
