//! What Kavenegar answers, read tolerantly: its numbers may come as JSON
//! numbers or as strings, `entries` as an array or a bare object (lookup,
//! account info), and an error's `entries` as null or missing.

use serde_json::Value;

/// The envelope's `return.status` and `return.message`, and its `entries`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Envelope {
    pub status: u16,
    pub message: String,
    pub entries: Value,
}

impl Envelope {
    /// The envelope in `body`, if it is one.
    pub(super) fn read(body: &[u8]) -> Option<Envelope> {
        let value: Value = serde_json::from_slice(body).ok()?;
        let ret = value.get("return")?;
        let status = u16::try_from(int(ret.get("status")?)?).ok()?;
        let message = text(ret.get("message").unwrap_or(&Value::Null));
        let entries = value.get("entries").cloned().unwrap_or(Value::Null);
        Some(Envelope { status, message, entries })
    }

    /// `entries` as a list: an array, or a bare object as its only item.
    pub(super) fn items(&self) -> Vec<&Value> {
        match &self.entries {
            Value::Array(items) => items.iter().collect(),
            Value::Object(_) => vec![&self.entries],
            _ => Vec::new(),
        }
    }
}

/// A message Kavenegar took (`sms/send`, `sms/sendarray`, `verify/lookup`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentMessage {
    pub messageid: i64,
    /// The text as sent (a template's filled in).
    pub message: String,
    /// Its delivery status: 1 queued, 2 scheduled, 4 and 5 at the operator,
    /// 6 failed, 10 delivered, 11 undelivered, 13 cancelled, 14 filtered.
    pub status: i64,
    /// Kavenegar's words for `status`.
    pub statustext: String,
    pub sender: String,
    pub receptor: String,
    /// Unix seconds.
    pub date: i64,
    /// Rials.
    pub cost: i64,
}

impl SentMessage {
    pub(super) fn read(item: &Value) -> Option<SentMessage> {
        Some(SentMessage {
            messageid: int(item.get("messageid")?)?,
            message: field_text(item, "message"),
            status: item.get("status").and_then(int).unwrap_or_default(),
            statustext: field_text(item, "statustext"),
            sender: field_text(item, "sender"),
            receptor: field_text(item, "receptor"),
            date: item.get("date").and_then(int).unwrap_or_default(),
            cost: item.get("cost").and_then(int).unwrap_or_default(),
        })
    }
}

/// A message's delivery (`sms/status`); status 100 is an id Kavenegar does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryStatus {
    pub messageid: i64,
    pub status: i64,
    pub statustext: String,
}

impl DeliveryStatus {
    pub(super) fn read(item: &Value) -> Option<DeliveryStatus> {
        Some(DeliveryStatus {
            messageid: int(item.get("messageid")?)?,
            status: int(item.get("status")?)?,
            statustext: field_text(item, "statustext"),
        })
    }
}

/// The account behind a key (`account/info`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountInfo {
    /// Rials left.
    pub remaining_credit: i64,
    /// Unix seconds, when Kavenegar gives it.
    pub expires: Option<i64>,
    /// "Master", "Child", ...
    pub account_type: String,
}

impl AccountInfo {
    pub(super) fn read(item: &Value) -> Option<AccountInfo> {
        Some(AccountInfo {
            remaining_credit: int(item.get("remaincredit")?)?,
            expires: item.get("expiredate").and_then(int),
            account_type: field_text(item, "type"),
        })
    }
}

/// A whole number, written as a number (or a float with nothing after the point) or as a string.
fn int(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
        }
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn field_text(item: &Value, name: &str) -> String {
    item.get(name).map(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn envelopes_read_however_the_types_come() {
        let body = json!({"return": {"status": 200, "message": "تایید شد"},
            "entries": [{"messageid": 8792343, "message": "سلام", "status": 1,
                         "statustext": "در صف ارسال", "sender": "10004346",
                         "receptor": "09123456789", "date": 1356619709, "cost": 120}]});
        let ok = Envelope::read(body.to_string().as_bytes()).unwrap();
        assert_eq!((ok.status, ok.message.as_str()), (200, "تایید شد"));
        let sent = SentMessage::read(ok.items()[0]).unwrap();
        assert_eq!(sent.messageid, 8_792_343);
        assert_eq!((sent.receptor.as_str(), sent.cost), ("09123456789", 120));

        let refused = Envelope::read(br#"{"return":{"status":"418","message":"x"}}"#).unwrap();
        assert_eq!(refused.status, 418);
        assert!(refused.items().is_empty());
        let bare = Envelope::read(br#"{"return":{"status":200},"entries":{"remaincredit":"5000","expiredate":1.7e9,"type":"Master"}}"#).unwrap();
        let info = AccountInfo::read(bare.items()[0]).unwrap();
        assert_eq!(info.remaining_credit, 5000);
        assert_eq!(info.expires, Some(1_700_000_000));
        assert_eq!(info.account_type, "Master");

        assert_eq!(Envelope::read(b"<html>502</html>"), None);
        assert_eq!(Envelope::read(br#"{"status":200}"#), None);
        assert_eq!(Envelope::read(br#"{"return":{"status":-1}}"#), None);
        assert_eq!(
            DeliveryStatus::read(&json!({"messageid": "12", "status": 10})).map(|d| d.status),
            Some(10)
        );
        assert_eq!(SentMessage::read(&json!({"status": 1})), None, "no message id");
    }
}
