//! Webhooks: which URLs and secrets `setWebhook` accepts (checked in the Bot
//! API server's order: the URL parses, the secret, then the webhook's own
//! verification: HTTPS, ports 80/88/443/8443, no reserved IP address), and
//! the delivery itself: one update per POST, JSON, with
//! `X-Telegram-Bot-Api-Secret-Token` when a secret was set. A 2xx answer
//! confirms the update; anything else leaves it pending and becomes
//! `getWebhookInfo`'s `last_error_message`, in Telegram's words. A 2xx
//! JSON answer naming a `method` runs it, as Telegram does.

use std::future::Future;
use std::net::Ipv4Addr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::bot::update_id;
use super::envelope::Outcome;
use super::params::Params;
use super::url::Url;
use super::{Delivery, Shared, methods, unix_now};

/// How long a webhook has to answer one delivery.
pub(super) const TIMEOUT: Duration = Duration::from_secs(10);

const PORTS: [u16; 4] = [80, 88, 443, 8443];

/// Why `setWebhook` refuses this URL and secret (after "Bad Request: "), if it does.
pub(super) fn check(url: &str, secret: &str) -> Result<(), String> {
    let invalid = || "invalid webhook URL specified".to_owned();
    let parsed = Url::split(url).ok_or_else(invalid)?;
    let https = match parsed.scheme.as_deref() {
        None | Some("https") => true,
        Some("http") => false,
        Some(_) => return Err(invalid()),
    };
    if secret.len() > 256 {
        return Err("secret token is too long".to_owned());
    }
    if !secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        return Err("secret token contains unallowed characters".to_owned());
    }
    if !https {
        return Err("bad webhook: An HTTPS URL must be provided for webhook".to_owned());
    }
    if !PORTS.contains(&parsed.port.unwrap_or(443)) {
        return Err(
            "bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443".to_owned()
        );
    }
    let host = parsed.host.to_ascii_lowercase();
    if host.starts_with('[') {
        return Err("bad webhook: IPv6-only addresses are not allowed".to_owned());
    }
    // Hosts are not resolved; a literal address (or localhost) is judged.
    let address = if host == "localhost" { Some(Ipv4Addr::LOCALHOST) } else { host.parse().ok() };
    if let Some(address) = address.filter(is_reserved) {
        return Err(format!("bad webhook: IP address {address} is reserved"));
    }
    Ok(())
}

/// Addresses Telegram will not post to: private, loopback, link-local,
/// shared, documentation, benchmarking, multicast and reserved ranges.
fn is_reserved(address: &Ipv4Addr) -> bool {
    let [a, b, ..] = address.octets();
    address.is_private()
        || address.is_loopback()
        || address.is_link_local()
        || address.is_unspecified()
        || address.is_broadcast()
        || address.is_documentation()
        || address.is_multicast()
        || a == 0
        || a >= 240
        || (a == 100 && (64..128).contains(&b))
        || (a == 198 && (18..20).contains(&b))
}

/// Where a delivery goes: the webhook URL, or `base` with its path and query.
fn target(url: &str, base: Option<&str>) -> String {
    match (base, Url::split(url)) {
        (Some(base), Some(parsed)) => format!("{base}{}", parsed.path_and_query()),
        (Some(base), None) => format!("{base}/"),
        (None, _) => url.to_owned(),
    }
}

/// POSTs `update` to the bot's webhook and records the outcome: the status
/// it answered, `None` when no webhook is set or nothing answered.
pub(super) async fn deliver(shared: &Arc<Shared>, token: &str, update: &Value) -> Option<u16> {
    let (url, secret) = {
        let inner = shared.lock();
        let webhook = inner.bots.get(token)?.webhook.as_ref()?;
        let url = target(&webhook.url, inner.webhook_base.as_deref());
        (url, webhook.secret_token.clone())
    };
    let mut request = shared.http.post(url).json(update);
    if let Some(secret) = secret {
        request = request.header("X-Telegram-Bot-Api-Secret-Token", secret);
    }
    let (status, error, answer) = match request.send().await {
        Ok(response) if response.status().is_success() => {
            let json = response
                .headers()
                .get(reqwest::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.starts_with("application/json"));
            let status = response.status().as_u16();
            let body = response.bytes().await.unwrap_or_default();
            (Some(status), None, json.then_some(body))
        }
        Ok(response) => {
            let status = response.status();
            let reason = status.canonical_reason().unwrap_or_default();
            let error = format!("Wrong response from the webhook: {} {reason}", status.as_u16());
            (Some(status.as_u16()), Some(error), None)
        }
        Err(e) => (None, Some(connection_error(&e)), None),
    };
    let id = update_id(update);
    shared.with_bot(token, |bot| {
        bot.deliveries.push(Delivery { update_id: id, status });
        match error {
            None => bot.delivered(id),
            Some(error) => bot.last_error = Some((unix_now(), error)),
        }
    });
    if let Some(body) = answer {
        run_answered_method(shared, token, &body).await;
    }
    status
}

/// Offers the updates queued when the webhook was set, oldest first, as
/// Telegram starts on them once it is set.
pub(super) async fn deliver_queued(shared: Arc<Shared>, token: String, ids: Vec<i64>) {
    for id in ids {
        let update =
            shared.with_bot(&token, |bot| bot.pending.iter().find(|u| update_id(u) == id).cloned());
        if let Some(Some(update)) = update {
            deliver(&shared, &token, &update).await;
        }
    }
}

/// What `last_error_message` says when the webhook could not be reached.
fn connection_error(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        "Read timeout expired".to_owned()
    } else if error.is_connect() {
        "Connection refused".to_owned()
    } else {
        "Webhook connection closed".to_owned()
    }
}

/// A webhook may answer with a method call (`{"method": "sendMessage", ...}`):
/// Telegram runs it, unless it is a `get*`, `setWebhook`, `deleteWebhook`,
/// `close` or `logOut`.
async fn run_answered_method(shared: &Arc<Shared>, token: &str, body: &[u8]) {
    let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(body) else {
        return;
    };
    let method = object.get("method").and_then(Value::as_str).unwrap_or_default().to_lowercase();
    let skipped = ["setwebhook", "deletewebhook", "close", "logout"].contains(&method.as_str());
    if method.is_empty() || skipped || method.starts_with("get") {
        return;
    }
    let params = Params::from_json_object(&object);
    // Boxed: a method may set a webhook, which delivers, which may run a method.
    let run: Pin<Box<dyn Future<Output = Outcome> + Send + '_>> =
        Box::pin(methods::call(shared, token, &method, &params));
    // Telegram does not report what became of it.
    let _ = run.await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_secrets_are_judged_in_the_servers_order() {
        assert_eq!(check("https://dastyar.example/api/telegram/1?x=y", "s3cret_-"), Ok(()));
        assert_eq!(check("dastyar.example/hook", ""), Ok(()));
        assert_eq!(check("https://dastyar.example:8443/", ""), Ok(()));
        assert_eq!(check("https://exa mple/", "").unwrap_err(), "invalid webhook URL specified");
        assert_eq!(
            check("ftp://dastyar.example/", "").unwrap_err(),
            "invalid webhook URL specified"
        );
        assert_eq!(
            check("http://x.org/", "bad secret").unwrap_err(),
            "secret token contains unallowed characters"
        );
        assert_eq!(
            check("https://x.org/", &"a".repeat(257)).unwrap_err(),
            "secret token is too long"
        );
        assert_eq!(
            check("http://x.org/", "").unwrap_err(),
            "bad webhook: An HTTPS URL must be provided for webhook"
        );
        assert_eq!(
            check("https://x.org:3000/", "").unwrap_err(),
            "bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
        );
        assert_eq!(
            check("https://127.0.0.1/", "").unwrap_err(),
            "bad webhook: IP address 127.0.0.1 is reserved"
        );
        assert_eq!(
            check("https://localhost/", "").unwrap_err(),
            "bad webhook: IP address 127.0.0.1 is reserved"
        );
        assert_eq!(
            check("https://192.168.1.2:88/", "").unwrap_err(),
            "bad webhook: IP address 192.168.1.2 is reserved"
        );
        assert_eq!(check("https://149.154.167.220/", ""), Ok(()));
    }

    #[test]
    fn deliveries_keep_the_path_and_query_behind_a_proxy() {
        let url = "https://dastyar.example/api/telegram/7?key=v#frag";
        assert_eq!(target(url, None), url);
        assert_eq!(
            target(url, Some("http://127.0.0.1:9")),
            "http://127.0.0.1:9/api/telegram/7?key=v"
        );
        assert_eq!(target("https://x.org", Some("http://127.0.0.1:9")), "http://127.0.0.1:9/");
    }
}
