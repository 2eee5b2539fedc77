//! The REST client. The API key travels in the path, so no error or log
//! line ever carries a URL (`reqwest::Error::without_url`). A send is tried
//! once (trying again could send twice); a read is tried again when
//! Kavenegar could not be reached.

use std::time::Duration;

use serde_json::Value;

use super::error::KavenegarError;
use super::protocol::{AccountInfo, DeliveryStatus, Envelope, SentMessage};

/// One call, connection included.
const CALL_TIMEOUT: Duration = Duration::from_secs(20);
/// Tries of a read (status, account) in all.
const READ_ATTEMPTS: u32 = 2;
const READ_BACKOFF: Duration = Duration::from_millis(300);

/// `sms/send`: one text to one or more receptors.
#[derive(Debug, Clone, Copy)]
pub struct SimpleSend<'a> {
    pub receptors: &'a [String],
    pub message: &'a str,
    /// A line of the account; its default line when `None`.
    pub sender: Option<&'a str>,
}

/// One message of a `sms/sendarray` call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkItem {
    pub receptor: String,
    pub message: String,
    pub sender: String,
}

/// How a verify-lookup template is delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupKind {
    Sms,
    Call,
}

/// `verify/lookup`: a template of the account, filled with tokens, to one receptor.
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'a> {
    pub receptor: &'a str,
    pub template: &'a str,
    pub token: &'a str,
    pub token2: Option<&'a str>,
    pub kind: LookupKind,
}

/// Kavenegar at `base_url` (`https://api.kavenegar.com`, or a fake).
#[derive(Debug, Clone)]
pub struct KavenegarClient {
    base_url: String,
    http: reqwest::Client,
}

impl KavenegarClient {
    pub fn new(base_url: &str, http: reqwest::Client) -> KavenegarClient {
        KavenegarClient { base_url: base_url.trim_end_matches('/').to_owned(), http }
    }

    pub async fn send(
        &self,
        key: &str,
        send: SimpleSend<'_>,
    ) -> Result<Vec<SentMessage>, KavenegarError> {
        let mut form =
            vec![("receptor", send.receptors.join(",")), ("message", send.message.to_owned())];
        if let Some(sender) = send.sender.filter(|s| !s.is_empty()) {
            form.push(("sender", sender.to_owned()));
        }
        let envelope = self.call(key, "sms/send", &form, 1).await?;
        sent_messages(&envelope, "sms/send")
    }

    /// The nth message to the nth receptor from the nth line, in one call.
    pub async fn send_array(
        &self,
        key: &str,
        items: &[BulkItem],
    ) -> Result<Vec<SentMessage>, KavenegarError> {
        let column = |pick: fn(&BulkItem) -> &str| {
            Value::from(items.iter().map(|i| pick(i).to_owned()).collect::<Vec<_>>()).to_string()
        };
        let form = [
            ("receptor", column(|i| &i.receptor)),
            ("message", column(|i| &i.message)),
            ("sender", column(|i| &i.sender)),
        ];
        let envelope = self.call(key, "sms/sendarray", &form, 1).await?;
        sent_messages(&envelope, "sms/sendarray")
    }

    pub async fn lookup(
        &self,
        key: &str,
        lookup: Lookup<'_>,
    ) -> Result<Vec<SentMessage>, KavenegarError> {
        let kind = match lookup.kind {
            LookupKind::Sms => "sms",
            LookupKind::Call => "call",
        };
        let mut form = vec![
            ("receptor", lookup.receptor.to_owned()),
            ("template", lookup.template.to_owned()),
            ("token", lookup.token.to_owned()),
            ("type", kind.to_owned()),
        ];
        if let Some(token2) = lookup.token2.filter(|t| !t.is_empty()) {
            form.push(("token2", token2.to_owned()));
        }
        let envelope = self.call(key, "verify/lookup", &form, 1).await?;
        sent_messages(&envelope, "verify/lookup")
    }

    /// The delivery of each message id.
    pub async fn status(
        &self,
        key: &str,
        messageids: &[i64],
    ) -> Result<Vec<DeliveryStatus>, KavenegarError> {
        let ids: Vec<String> = messageids.iter().map(i64::to_string).collect();
        let form = [("messageid", ids.join(","))];
        let envelope = self.call(key, "sms/status", &form, READ_ATTEMPTS).await?;
        envelope
            .items()
            .into_iter()
            .map(|item| {
                DeliveryStatus::read(item).ok_or_else(|| {
                    KavenegarError::Malformed("sms/status: an entry without an id".into())
                })
            })
            .collect()
    }

    /// The account behind `key`: whether Kavenegar knows it, and its credit.
    pub async fn account_info(&self, key: &str) -> Result<AccountInfo, KavenegarError> {
        let envelope = self.call(key, "account/info", &[], READ_ATTEMPTS).await?;
        envelope
            .items()
            .first()
            .and_then(|item| AccountInfo::read(item))
            .ok_or_else(|| KavenegarError::Malformed("account/info: no remaining credit".into()))
    }

    async fn call(
        &self,
        key: &str,
        method: &str,
        form: &[(&str, String)],
        attempts: u32,
    ) -> Result<Envelope, KavenegarError> {
        let mut attempt = 1;
        loop {
            match self.once(key, method, form).await {
                Err(KavenegarError::Unreachable(_)) if attempt < attempts => {
                    tokio::time::sleep(READ_BACKOFF * attempt).await;
                    attempt += 1;
                }
                outcome => return outcome,
            }
        }
    }

    async fn once(
        &self,
        key: &str,
        method: &str,
        form: &[(&str, String)],
    ) -> Result<Envelope, KavenegarError> {
        let url = format!("{}/v1/{}/{method}.json", self.base_url, path_segment(key));
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form.iter().map(|(k, v)| (*k, v.as_str())))
            .finish();
        let unreachable =
            |e: reqwest::Error| KavenegarError::Unreachable(e.without_url().to_string());
        let response = self
            .http
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(reqwest::header::ACCEPT, "application/json")
            .body(body)
            .timeout(CALL_TIMEOUT)
            .send()
            .await
            .map_err(unreachable)?;
        let http_status = response.status().as_u16();
        let body = response.bytes().await.map_err(unreachable)?;
        // The envelope says what happened, whether the HTTP status mirrors it or is 200.
        let Some(envelope) = Envelope::read(&body) else {
            let what = format!("{method}: HTTP {http_status} without Kavenegar's envelope");
            // A proxy's error page means Kavenegar was not reached.
            return Err(if (200..300).contains(&http_status) {
                KavenegarError::Malformed(what)
            } else {
                KavenegarError::Unreachable(what)
            });
        };
        if envelope.status == 200 {
            Ok(envelope)
        } else {
            Err(KavenegarError::Refused { status: envelope.status, message: envelope.message })
        }
    }
}

fn sent_messages(envelope: &Envelope, method: &str) -> Result<Vec<SentMessage>, KavenegarError> {
    let messages: Option<Vec<SentMessage>> =
        envelope.items().into_iter().map(SentMessage::read).collect();
    match messages {
        Some(messages) if !messages.is_empty() => Ok(messages),
        _ => Err(KavenegarError::Malformed(format!("{method}: no message ids"))),
    }
}

/// The key as one path segment: anything but letters, digits and `-._~`
/// percent-encoded (a key may hold `/`, `+` and `=`).
fn path_segment(key: &str) -> String {
    key.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_become_one_path_segment() {
        assert_eq!(path_segment("4F6B2F7A"), "4F6B2F7A");
        assert_eq!(path_segment("Ab1+/="), "Ab1%2B%2F%3D");
    }
}
