//! The methods the fake serves, each checking its parameters as Kavenegar
//! does before anything is sent or charged: a call is refused whole or
//! accepted whole.

use serde_json::{Value, json};

use super::endpoint::Params;
use super::envelope::Outcome;
use super::numbers::{self, MAX_RECEPTORS};
use super::parts::{MAX_MESSAGE_CHARS, parts};
use super::{FakeAccount, FakeSms, PART_PRICE, Shared, unix_now};

/// The longest template token Kavenegar takes.
const MAX_TOKEN_CHARS: usize = 100;
/// Most message ids one status call takes.
const MAX_STATUS_IDS: usize = 500;
/// The line verify-lookup messages come from.
const VERIFY_LINE: &str = "10008663";

pub(super) fn call(shared: &Shared, api_key: &str, method: &str, params: &Params) -> Outcome {
    match method {
        "sms/send" => send(shared, api_key, params),
        "sms/sendarray" => send_array(shared, api_key, params),
        "sms/status" => status(shared, params),
        "verify/lookup" => lookup(shared, api_key, params),
        "account/info" => info(shared, api_key),
        _ => Err(404),
    }
}

/// A message about to be sent: who to, from which line, what.
struct Outgoing {
    receptor: String,
    sender: String,
    message: String,
    template: Option<String>,
    lookup_type: Option<String>,
}

/// `sms/send`: one text to each of `receptor` (comma-separated), from
/// `sender` (the default line when left out).
fn send(shared: &Shared, api_key: &str, params: &Params) -> Outcome {
    let receptors = numbers::receptors(params.required("receptor")?)?;
    // An empty text is Kavenegar's 413, not the 406 of other empty parameters.
    let message = params.get("message").ok_or(400_u16)?;
    let sender = params.get("sender").filter(|s| !s.trim().is_empty());
    let account = account(shared, api_key)?;
    let sender = line(&account, sender)?;
    check_text(&account, message)?;
    let outgoing = receptors
        .into_iter()
        .map(|receptor| Outgoing {
            receptor,
            sender: sender.clone(),
            message: message.to_owned(),
            template: None,
            lookup_type: None,
        })
        .collect();
    accept(shared, api_key, "sms/send", &account, outgoing)
}

/// `sms/sendarray`: `receptor`, `message` and `sender` as JSON arrays of
/// strings of one length, the nth message to the nth receptor from the nth line.
fn send_array(shared: &Shared, api_key: &str, params: &Params) -> Outcome {
    let receptors = json_strings(params.required("receptor")?)?;
    let messages = json_strings(params.required("message")?)?;
    let senders = json_strings(params.required("sender")?)?;
    if receptors.is_empty() {
        return Err(406);
    }
    if receptors.len() != messages.len() || receptors.len() != senders.len() {
        return Err(419);
    }
    if receptors.len() > MAX_RECEPTORS {
        return Err(414);
    }
    let account = account(shared, api_key)?;
    let mut outgoing = Vec::with_capacity(receptors.len());
    for ((receptor, message), sender) in receptors.iter().zip(&messages).zip(&senders) {
        let receptor = numbers::mobile(receptor).ok_or(411_u16)?;
        let sender = line(&account, Some(sender))?;
        if message.trim().is_empty() {
            return Err(413);
        }
        check_text(&account, message)?;
        outgoing.push(Outgoing {
            receptor,
            sender,
            message: message.clone(),
            template: None,
            lookup_type: None,
        });
    }
    accept(shared, api_key, "sms/sendarray", &account, outgoing)
}

/// `verify/lookup`: the account's `template` filled with `token`, `token2`,
/// `token3`, `token10` and `token20`, to one receptor, as a text (`type`
/// `sms`, the default) or a voice call (`call`: its tokens must be digits).
fn lookup(shared: &Shared, api_key: &str, params: &Params) -> Outcome {
    let receptor = numbers::mobile(params.required("receptor")?).ok_or(411_u16)?;
    let template = params.required("template")?;
    params.required("token")?;
    let kind = params.get("type").filter(|t| !t.is_empty()).unwrap_or("sms");
    if kind != "sms" && kind != "call" {
        return Err(400);
    }
    let account = account(shared, api_key)?;
    let text = account.templates.get(template).ok_or(424_u16)?;
    let mut message = text.clone();
    // Longest names first, so %token10 is not read as %token1 and a 0.
    for name in ["token20", "token10", "token3", "token2", "token"] {
        let placeholder = format!("%{name}");
        let value = params.get(name).filter(|v| !v.is_empty());
        if let Some(value) = value {
            let too_long = value.chars().count() > MAX_TOKEN_CHARS;
            if too_long || value.chars().any(char::is_whitespace) {
                return Err(431);
            }
            if kind == "call" && !value.bytes().all(|b| b.is_ascii_digit()) {
                return Err(428);
            }
        }
        if message.contains(&placeholder) {
            message = message.replace(&placeholder, value.ok_or(432_u16)?);
        }
    }
    let outgoing = vec![Outgoing {
        receptor,
        sender: VERIFY_LINE.to_owned(),
        message,
        template: Some(template.to_owned()),
        lookup_type: Some(kind.to_owned()),
    }];
    accept(shared, api_key, "verify/lookup", &account, outgoing)
}

/// `sms/status`: each `messageid` (comma-separated, or the parameter
/// repeated) with its delivery status; an id the fake never gave is 100.
fn status(shared: &Shared, params: &Params) -> Outcome {
    params.required("messageid")?;
    let ids: Vec<&str> = params
        .all("messageid")
        .into_iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    if ids.len() > MAX_STATUS_IDS {
        return Err(414);
    }
    let inner = shared.lock();
    let entries: Vec<Value> = ids
        .into_iter()
        .map(|id| {
            let sent =
                id.parse::<i64>().ok().and_then(|n| inner.sent.iter().find(|s| s.messageid == n));
            let (messageid, status) = match sent {
                Some(sms) => (json!(sms.messageid), sms.status),
                None => (id.parse::<i64>().map_or_else(|_| json!(id), |n| json!(n)), 100),
            };
            json!({"messageid": messageid, "status": status, "statustext": status_text(status)})
        })
        .collect();
    Ok(Value::Array(entries))
}

/// `account/info`: the credit left, when the account expires, its type.
fn info(shared: &Shared, api_key: &str) -> Outcome {
    let account = account(shared, api_key)?;
    let year = 365 * 24 * 3600;
    Ok(json!({"remaincredit": account.credit, "expiredate": unix_now() + year, "type": "Master"}))
}

fn account(shared: &Shared, api_key: &str) -> Result<FakeAccount, u16> {
    shared.lock().accounts.get(api_key).cloned().ok_or(403)
}

/// The line to send from: `sender` when it is one of the account's, the
/// default line when none is given; 412 for anyone else's.
fn line(account: &FakeAccount, sender: Option<&str>) -> Result<String, u16> {
    match sender {
        None => account.lines.first().cloned().ok_or(412),
        Some(sender) if account.lines.iter().any(|l| l == sender.trim()) => {
            Ok(sender.trim().to_owned())
        }
        Some(_) => Err(412),
    }
}

/// A text Kavenegar sends: not over its length, a link only where allowed.
fn check_text(account: &FakeAccount, message: &str) -> Result<(), u16> {
    if message.trim().is_empty() || message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(413);
    }
    let lower = message.to_lowercase();
    let has_link = ["http://", "https://", "www."].iter().any(|l| lower.contains(l));
    if has_link && !account.links_allowed { Err(420) } else { Ok(()) }
}

/// Charges and records the messages, all or none; their entries.
fn accept(
    shared: &Shared,
    api_key: &str,
    method: &str,
    account: &FakeAccount,
    outgoing: Vec<Outgoing>,
) -> Outcome {
    if account.test_account && outgoing.iter().any(|o| o.receptor != account.owner) {
        return Err(501);
    }
    let cost: i64 = outgoing.iter().map(|o| parts(&o.message) * PART_PRICE).sum();
    let mut inner = shared.lock();
    let charged = inner.accounts.get_mut(api_key).ok_or(403_u16)?;
    if charged.credit < cost {
        return Err(418);
    }
    charged.credit -= cost;
    let date = unix_now();
    let mut entries = Vec::with_capacity(outgoing.len());
    for o in outgoing {
        let sms = FakeSms {
            messageid: inner.next_messageid(),
            api_key: api_key.to_owned(),
            method: method.to_owned(),
            cost: parts(&o.message) * PART_PRICE,
            receptor: o.receptor,
            sender: o.sender,
            message: o.message,
            template: o.template,
            lookup_type: o.lookup_type,
            status: 1,
            date,
        };
        entries.push(json!({
            "messageid": sms.messageid, "message": sms.message, "status": sms.status,
            "statustext": status_text(sms.status), "sender": sms.sender,
            "receptor": sms.receptor, "date": sms.date, "cost": sms.cost,
        }));
        inner.sent.push(sms);
    }
    Ok(Value::Array(entries))
}

/// A JSON array of strings (numbers are taken as their digits); 400 otherwise.
fn json_strings(text: &str) -> Result<Vec<String>, u16> {
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) else { return Err(400) };
    items
        .into_iter()
        .map(|item| match item {
            Value::String(s) => Ok(s),
            Value::Number(n) => Ok(n.to_string()),
            _ => Err(400),
        })
        .collect()
}

/// Kavenegar's words for a delivery status.
fn status_text(status: i64) -> &'static str {
    match status {
        1 => "در صف ارسال",
        2 => "زمان بندی شده",
        4 | 5 => "ارسال به مخابرات",
        6 => "خطا در ارسال پیام",
        10 => "رسیده به گیرنده",
        11 => "نرسیده به گیرنده",
        13 => "ارسال پیام از سمت کاربر لغو شده",
        14 => "بلاک شده است",
        100 => "شناسه پیامک نامعتبر است",
        _ => "نامشخص",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_are_json_strings() {
        assert_eq!(json_strings(r#"["a", "b"]"#).unwrap(), ["a", "b"]);
        assert_eq!(json_strings("[10004346]").unwrap(), ["10004346"]);
        assert_eq!(json_strings("a,b"), Err(400));
        assert_eq!(json_strings("[null]"), Err(400));
    }
}
