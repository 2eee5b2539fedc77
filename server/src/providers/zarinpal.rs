//! Zarinpal's payment gateway, v4 (`DASTYAR_ZARINPAL_API_URL`, merchant id
//! `DASTYAR_ZARINPAL_MERCHANT_ID`): a payment request answers an authority,
//! the payer is sent to `StartPay/{authority}`, comes back to our callback,
//! and we verify the payment with the amount we asked for. Amounts are rials.
//!
//! Success answers `{"data": {"code": 100, ...}, "errors": []}`; failures
//! `{"data": [], "errors": {"code": -9, "message": "..."}}`, under whatever
//! HTTP status, so the body is always read, never the status alone.

use std::fmt;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use crate::config::ZarinpalSettings;

/// How long one call to the gateway may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// The gateway's code for success.
pub const CODE_SUCCESS: i64 = 100;
/// Verified before: the SDK treats it as success too.
pub const CODE_VERIFIED_BEFORE: i64 = 101;
/// The amount verified is not the amount requested.
pub const CODE_AMOUNT_MISMATCH: i64 = -50;
/// Nothing was paid: the payer cancelled or the payment failed.
pub const CODE_NOT_PAID: i64 = -51;

/// A configured Zarinpal merchant.
#[derive(Debug, Clone)]
pub struct Zarinpal {
    http: reqwest::Client,
    base_url: String,
    merchant_id: String,
}

/// What a payment request carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRequest<'a> {
    /// Rials.
    pub amount: i64,
    pub description: &'a str,
    pub callback_url: &'a str,
    pub email: Option<&'a str>,
    pub order_id: String,
}

/// A payment the gateway verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// 100, or 101 when it was verified before.
    pub code: i64,
    pub ref_id: Option<String>,
    /// Masked, such as `502229******5995`.
    pub card_pan: Option<String>,
}

impl Verified {
    /// The card's last four digits, when the masked number ends in four.
    pub fn card_last_four(&self) -> Option<String> {
        let pan = self.card_pan.as_deref()?;
        let digits: Vec<char> = pan.chars().rev().take_while(char::is_ascii_digit).collect();
        (digits.len() >= 4).then(|| digits[..4].iter().rev().collect())
    }
}

/// Why a call did not succeed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZarinpalError {
    /// The gateway answered with its error envelope (or a code other than 100/101).
    Refused { code: i64, message: String },
    /// No answer, or one that is not the protocol's.
    Unreachable(String),
}

impl fmt::Display for ZarinpalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZarinpalError::Refused { code, message } => {
                write!(f, "zarinpal refused ({code}): {message}")
            }
            ZarinpalError::Unreachable(why) => write!(f, "zarinpal unreachable: {why}"),
        }
    }
}

impl std::error::Error for ZarinpalError {}

#[derive(Serialize)]
struct RequestBody<'a> {
    merchant_id: &'a str,
    amount: i64,
    currency: &'static str,
    description: &'a str,
    callback_url: &'a str,
    metadata: Metadata<'a>,
}

#[derive(Serialize)]
struct Metadata<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
    order_id: &'a str,
}

#[derive(Serialize)]
struct VerifyBody<'a> {
    merchant_id: &'a str,
    amount: i64,
    authority: &'a str,
}

impl Zarinpal {
    /// The merchant configured, if a merchant id is set.
    pub fn from_settings(settings: &ZarinpalSettings, http: reqwest::Client) -> Option<Zarinpal> {
        let merchant_id = settings.merchant_id()?;
        Some(Zarinpal {
            http,
            base_url: settings.api_url.trim_end_matches('/').to_owned(),
            merchant_id: merchant_id.to_owned(),
        })
    }

    /// Asks for a payment; answers its authority.
    pub async fn request(&self, request: &PaymentRequest<'_>) -> Result<String, ZarinpalError> {
        let body = RequestBody {
            merchant_id: &self.merchant_id,
            amount: request.amount,
            currency: "IRR",
            description: request.description,
            callback_url: request.callback_url,
            metadata: Metadata { email: request.email, order_id: &request.order_id },
        };
        let data = self.call("/pg/v4/payment/request.json", &body).await?;
        match data.get("authority").and_then(Value::as_str) {
            Some(authority) if !authority.is_empty() => Ok(authority.to_owned()),
            _ => Err(ZarinpalError::Unreachable("a success without an authority".into())),
        }
    }

    /// Where the payer pays.
    pub fn start_pay_url(&self, authority: &str) -> String {
        format!("{}/pg/StartPay/{authority}", self.base_url)
    }

    /// Verifies a payment for the amount we asked (rials).
    pub async fn verify(&self, authority: &str, amount: i64) -> Result<Verified, ZarinpalError> {
        let body = VerifyBody { merchant_id: &self.merchant_id, amount, authority };
        let data = self.call("/pg/v4/payment/verify.json", &body).await?;
        let text = |name: &str| match data.get(name) {
            Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        Ok(Verified {
            code: data.get("code").and_then(Value::as_i64).unwrap_or(CODE_SUCCESS),
            ref_id: text("ref_id"),
            card_pan: text("card_pan"),
        })
    }

    /// Posts `body` and answers `data` when its code is 100 or 101.
    async fn call(&self, path: &str, body: &impl Serialize) -> Result<Value, ZarinpalError> {
        let url = format!("{}{path}", self.base_url);
        let response = self
            .http
            .post(&url)
            .timeout(TIMEOUT)
            .header(reqwest::header::ACCEPT, "application/json")
            .json(body)
            .send()
            .await
            .map_err(|e| ZarinpalError::Unreachable(e.to_string()))?;
        let status = response.status();
        let envelope: Value = response
            .json()
            .await
            .map_err(|e| ZarinpalError::Unreachable(format!("HTTP {status}, not JSON: {e}")))?;
        read_envelope(&envelope, status.as_u16())
    }
}

/// `data` of a success envelope, or the error it carries.
fn read_envelope(envelope: &Value, status: u16) -> Result<Value, ZarinpalError> {
    if let Some(errors) = envelope.get("errors").filter(|e| e.is_object()) {
        return Err(ZarinpalError::Refused {
            code: errors.get("code").and_then(Value::as_i64).unwrap_or_default(),
            message: errors.get("message").and_then(Value::as_str).unwrap_or_default().to_owned(),
        });
    }
    let Some(data) = envelope.get("data").filter(|d| d.is_object()) else {
        return Err(ZarinpalError::Unreachable(format!("HTTP {status} without data: {envelope}")));
    };
    match data.get("code").and_then(Value::as_i64) {
        Some(CODE_SUCCESS | CODE_VERIFIED_BEFORE) => Ok(data.clone()),
        Some(code) => Err(ZarinpalError::Refused {
            code,
            message: data.get("message").and_then(Value::as_str).unwrap_or_default().to_owned(),
        }),
        None => Err(ZarinpalError::Unreachable(format!("HTTP {status}, data without a code"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn success_and_error_envelopes() {
        let ok =
            json!({"data": {"code": 100, "message": "Success", "authority": "A1"}, "errors": []});
        assert_eq!(read_envelope(&ok, 200).unwrap()["authority"], "A1");
        let again = json!({"data": {"code": 101, "message": "Verified"}, "errors": []});
        assert_eq!(read_envelope(&again, 200).unwrap()["code"], 101);
        let refused = json!({"data": [], "errors": {"code": -9, "message": "The input params invalid, validation error.", "validations": []}});
        assert_eq!(
            read_envelope(&refused, 422),
            Err(ZarinpalError::Refused {
                code: -9,
                message: "The input params invalid, validation error.".into()
            })
        );
        let odd_code = json!({"data": {"code": -51, "message": "not paid"}, "errors": []});
        assert!(matches!(
            read_envelope(&odd_code, 200),
            Err(ZarinpalError::Refused { code: -51, .. })
        ));
        assert!(matches!(
            read_envelope(&json!({"hello": 1}), 502),
            Err(ZarinpalError::Unreachable(_))
        ));
    }

    #[test]
    fn card_last_four_from_a_masked_pan() {
        let verified = |pan: Option<&str>| Verified {
            code: 100,
            ref_id: None,
            card_pan: pan.map(str::to_owned),
        };
        assert_eq!(verified(Some("502229******5995")).card_last_four().as_deref(), Some("5995"));
        assert_eq!(verified(Some("******")).card_last_four(), None);
        assert_eq!(verified(None).card_last_four(), None);
    }
}
