//! The Bot API methods the fake serves, for a token that passed the shape
//! checks: the bot must be known (else 401 "Unauthorized"), every call is
//! recorded, an injected failure comes first, and an unknown method is
//! 404 "Not Found", as the Bot API server answers them. Each method checks
//! its parameters in the server's order, so the first error is Telegram's.

use std::sync::Arc;

use serde_json::{Value, json};

use super::envelope::{Outcome, Refusal, done, done_saying};
use super::params::Params;
use super::text::{self, MAX_LENGTH, MAX_RAW_BYTES};
use super::{FakeWebhook, SentMessage, Shared, entities, polling, unix_now, webhook};

/// The actions `sendChatAction` takes (with the old names it still accepts).
const CHAT_ACTIONS: [&str; 15] = [
    "cancel",
    "typing",
    "record_video",
    "upload_video",
    "record_audio",
    "record_voice",
    "upload_audio",
    "upload_voice",
    "upload_photo",
    "upload_document",
    "choose_sticker",
    "pick_up_location",
    "find_location",
    "record_video_note",
    "upload_video_note",
];

/// The webhook's `max_connections` when none is given.
const DEFAULT_MAX_CONNECTIONS: i64 = 40;

/// Runs `method` (lower-cased) for the bot with `token`.
pub(super) async fn call(
    shared: &Arc<Shared>,
    token: &str,
    method: &str,
    params: &Params,
) -> Outcome {
    {
        let mut inner = shared.lock();
        let Some(bot) = inner.bots.get_mut(token) else {
            return Err(Refusal::unauthorized());
        };
        bot.calls.push(method.to_owned());
        if let Some(refusal) = inner.take_failure(method) {
            return Err(refusal);
        }
    }
    match method {
        "getme" => get_me(shared, token),
        "setwebhook" => set_webhook(shared, token, params.arg("url"), params),
        "deletewebhook" => set_webhook(shared, token, "", params),
        "getwebhookinfo" => get_webhook_info(shared, token),
        "getupdates" => polling::get_updates(shared, token, params).await,
        "sendmessage" => send_message(shared, token, params),
        "sendchataction" => send_chat_action(shared, token, params),
        _ => Err(Refusal::new(404, "Not Found")),
    }
}

fn get_me(shared: &Shared, token: &str) -> Outcome {
    let user =
        shared.with_bot(token, |bot| bot.user_json(true)).ok_or_else(Refusal::unauthorized)?;
    done(user)
}

/// `setWebhook`, and `deleteWebhook` (a webhook of `""`), as the server
/// runs them: the same webhook again is "already set"; otherwise a waiting
/// long poll is ended, the old webhook is closed (and stays closed if the
/// new one is refused), pending updates are dropped if asked, and then the
/// URL and secret are checked. A webhook set is offered the queued updates.
fn set_webhook(shared: &Arc<Shared>, token: &str, url: &str, params: &Params) -> Outcome {
    let secret = if url.is_empty() { "" } else { params.arg("secret_token") };
    let max_connections_given = !params.arg("max_connections").is_empty();
    let max_connections = params.integer("max_connections", DEFAULT_MAX_CONNECTIONS, 1, 100);
    let drop_pending = params.flag("drop_pending_updates");
    let queued = {
        let mut inner = shared.lock();
        let bot = inner.bots.get_mut(token).ok_or_else(Refusal::unauthorized)?;
        let unchanged = match &bot.webhook {
            None => url.is_empty(),
            Some(current) => {
                current.url == url
                    && current.secret_token.as_deref().unwrap_or_default() == secret
                    && current.max_connections.unwrap_or(DEFAULT_MAX_CONNECTIONS) == max_connections
            }
        };
        if unchanged && !drop_pending {
            if url.is_empty() {
                return done_saying(json!(true), "Webhook is already deleted");
            }
            let given = bot.take_allowed_updates(params.arg("allowed_updates"));
            if let (Some(given), Some(webhook)) = (given, bot.webhook.as_mut()) {
                webhook.allowed_updates = Some(given);
            }
            return done_saying(json!(true), "Webhook is already set");
        }
        if !url.is_empty() && bot.polls.waiting > 0 {
            bot.polls.ended_by_webhook = Some(bot.polls.latest);
        }
        let had_webhook = bot.webhook.take().is_some();
        bot.last_error = None;
        if drop_pending {
            bot.pending.clear();
        }
        if url.is_empty() {
            let said =
                if had_webhook { "Webhook was deleted" } else { "Webhook is already deleted" };
            return done_saying(json!(true), said);
        }
        if let Err(what) = webhook::check(url, secret) {
            drop(inner);
            shared.changed();
            return Err(Refusal::bad_request(&what));
        }
        let allowed_updates = bot.take_allowed_updates(params.arg("allowed_updates"));
        bot.webhook = Some(FakeWebhook {
            url: url.to_owned(),
            secret_token: (!secret.is_empty()).then(|| secret.to_owned()),
            max_connections: max_connections_given.then_some(max_connections),
            allowed_updates,
        });
        bot.pending.iter().map(super::bot::update_id).collect::<Vec<_>>()
    };
    // A long poll this ended answers now.
    shared.changed();
    if !queued.is_empty() {
        tokio::spawn(webhook::deliver_queued(shared.clone(), token.to_owned(), queued));
    }
    done_saying(json!(true), "Webhook was set")
}

fn get_webhook_info(shared: &Shared, token: &str) -> Outcome {
    let info = shared
        .with_bot(token, |bot| {
            let mut info = json!({
                "url": bot.webhook.as_ref().map(|w| w.url.as_str()).unwrap_or_default(),
                "has_custom_certificate": false,
                "pending_update_count": bot.pending.len(),
            });
            if let Some((date, message)) = &bot.last_error {
                info["last_error_date"] = json!(date);
                info["last_error_message"] = json!(message);
            }
            if let Some(webhook) = &bot.webhook {
                info["max_connections"] =
                    json!(webhook.max_connections.unwrap_or(DEFAULT_MAX_CONNECTIONS));
            }
            if let Some(types) = &bot.allowed_updates {
                info["allowed_updates"] = json!(types);
            }
            info
        })
        .ok_or_else(Refusal::unauthorized)?;
    done(info)
}

/// `sendMessage`: the text is checked and parsed before the chat is looked
/// up, then cleaned and measured, as Telegram does.
fn send_message(shared: &Shared, token: &str, params: &Params) -> Outcome {
    let link_preview = link_preview_options(params.arg("link_preview_options"))?;
    let text = params.arg("text");
    if text.is_empty() {
        return Err(Refusal::bad_request("message text is empty"));
    }
    if text.len() > MAX_RAW_BYTES {
        return Err(Refusal::bad_request("text is too long"));
    }
    let parse_mode = params.arg("parse_mode");
    let (parsed, spans) = text::parse(text, parse_mode).map_err(|e| Refusal::bad_request(&e))?;
    let message = {
        let mut inner = shared.lock();
        let bot = inner.bots.get_mut(token).ok_or_else(Refusal::unauthorized)?;
        let from = bot.user_json(false);
        let (chat_id, chat) = bot.chat(params.arg("chat_id")).map_err(Refusal::bad_request)?;
        let Some((plain, spans)) = text::clean(&parsed, spans) else {
            return Err(Refusal::bad_request("message must be non-empty"));
        };
        if entities::utf16_len(&plain) > MAX_LENGTH {
            return Err(Refusal::bad_request("message is too long"));
        }
        chat.last_message_id += 1;
        let entities: Vec<_> = spans.iter().map(entities::Span::entity).collect();
        let mut message = json!({
            "message_id": chat.last_message_id, "from": from,
            "chat": {"id": chat_id, "first_name": chat.first_name, "type": "private"},
            "date": unix_now(), "text": plain,
        });
        if !entities.is_empty() {
            message["entities"] = json!(entities);
        }
        if let Some(options) = link_preview {
            message["link_preview_options"] = options;
        }
        let sent = SentMessage {
            chat_id,
            text: text.to_owned(),
            parse_mode: (!parse_mode.is_empty()).then(|| parse_mode.to_owned()),
            plain,
            message_id: chat.last_message_id,
            entities,
        };
        bot.sent.push(sent);
        message
    };
    shared.changed();
    done(message)
}

/// `link_preview_options`, a JSON object; what the message reports of it
/// (only `is_disabled` is kept).
fn link_preview_options(param: &str) -> Result<Option<Value>, Refusal> {
    if param.is_empty() {
        return Ok(None);
    }
    match serde_json::from_str::<Value>(param) {
        Ok(Value::Object(options)) => Ok((options.get("is_disabled") == Some(&json!(true)))
            .then(|| json!({"is_disabled": true}))),
        Ok(_) => Err(Refusal::bad_request("object expected as link preview options")),
        Err(_) => Err(Refusal::bad_request("can't parse link preview options JSON object")),
    }
}

/// `sendChatAction`: the action is checked before the chat.
fn send_chat_action(shared: &Shared, token: &str, params: &Params) -> Outcome {
    let action = params.arg("action").to_lowercase();
    if !CHAT_ACTIONS.contains(&action.as_str()) {
        return Err(Refusal::bad_request("wrong parameter action in request"));
    }
    let mut inner = shared.lock();
    let bot = inner.bots.get_mut(token).ok_or_else(Refusal::unauthorized)?;
    let (chat_id, _) = bot.chat(params.arg("chat_id")).map_err(Refusal::bad_request)?;
    bot.chat_actions.push((chat_id, action));
    done(json!(true))
}
