//! The `payments` table: one row per attempt to pay, from pending to paid
//! (exactly once) or failed. See `crate::billing::payments` for what paying grants.

use serde::{Deserialize, Serialize};
use sqlx::{Any, AssertSqlSafe, Executor};
use ts_rs::TS;
use utoipa::ToSchema;

use super::tx::Tx;
use crate::db::{Db, timestamp};

/// What a payment buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum PaymentPurpose {
    /// A subscription to a plan.
    Plan,
    /// Credits: a package or a custom amount.
    Credits,
}

/// Where a payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum PaymentStatus {
    /// Waiting for the payer and the gateway.
    Pending,
    /// Settled: what it bought has been granted, once.
    Paid,
    /// Cancelled, refused or not verified; `failure_code` says why.
    Failed,
}

/// The gateway a payment goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum GatewayKind {
    /// The development gateway: `mock-payment/confirm` settles.
    Mock,
    /// Zarinpal v4: request, StartPay, callback, verify.
    Zarinpal,
}

macro_rules! words {
    ($ty:ident { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $ty {
            pub fn as_str(self) -> &'static str {
                match self { $($ty::$variant => $word),+ }
            }

            pub fn parse(text: &str) -> Option<$ty> {
                match text { $($word => Some($ty::$variant),)+ _ => None }
            }
        }
    };
}

words!(PaymentPurpose { Plan => "plan", Credits => "credits" });
words!(PaymentStatus { Pending => "pending", Paid => "paid", Failed => "failed" });
words!(GatewayKind { Mock => "mock", Zarinpal => "zarinpal" });

/// A stored payment, as read from its row.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PaymentRow {
    pub id: i64,
    pub user_id: i64,
    pub purpose: String,
    pub gateway: String,
    pub status: String,
    pub amount: i64,
    pub description: String,
    pub subscription_id: Option<i64>,
    pub credits: Option<i64>,
    pub package_key: Option<String>,
    pub authority: Option<String>,
    pub ref_id: Option<String>,
    pub card_last_four: Option<String>,
    pub failure_code: Option<String>,
    pub gateway_code: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
    pub settled_at: Option<String>,
}

impl PaymentRow {
    /// The purpose; `None` only for a hand-edited row.
    pub fn purpose(&self) -> Option<PaymentPurpose> {
        PaymentPurpose::parse(&self.purpose)
    }

    /// The status; an unknown word (a hand edit) reads as failed.
    pub fn status(&self) -> PaymentStatus {
        PaymentStatus::parse(&self.status).unwrap_or(PaymentStatus::Failed)
    }

    pub fn gateway(&self) -> Option<GatewayKind> {
        GatewayKind::parse(&self.gateway)
    }
}

/// A payment to store, pending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPayment {
    pub user_id: i64,
    pub purpose: PaymentPurpose,
    pub gateway: GatewayKind,
    /// Rials.
    pub amount: i64,
    pub description: String,
    pub subscription_id: Option<i64>,
    pub credits: Option<i64>,
    pub package_key: Option<String>,
}

macro_rules! columns {
    () => {
        "id, user_id, purpose, gateway, status, amount, description, subscription_id, credits, \
         package_key, authority, ref_id, card_last_four, failure_code, gateway_code, \
         created_at, updated_at, settled_at"
    };
}

/// Stores a pending payment.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    new: &NewPayment,
) -> Result<PaymentRow, sqlx::Error> {
    let sql = concat!(
        "INSERT INTO payments (user_id, purpose, gateway, status, amount, description,
                               subscription_id, credits, package_key, created_at, updated_at)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $9)
         RETURNING ",
        columns!()
    );
    sqlx::query_as(sql)
        .bind(new.user_id)
        .bind(new.purpose.as_str())
        .bind(new.gateway.as_str())
        .bind(new.amount)
        .bind(&new.description)
        .bind(new.subscription_id)
        .bind(new.credits)
        .bind(new.package_key.as_deref())
        .bind(timestamp::now())
        .fetch_one(ex)
        .await
}

/// The user's paid credit purchases, newest first, a page at a time, and how many there are.
pub async fn credit_purchases(
    db: &Db,
    user_id: i64,
    limit: u32,
    offset: u64,
) -> Result<(Vec<PaymentRow>, u64), sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM payments WHERE user_id = $1 AND purpose = 'credits' AND status = 'paid'",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await?;
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM payments WHERE user_id = $1 AND purpose = 'credits' AND status = 'paid'
         ORDER BY settled_at DESC, id DESC LIMIT $2 OFFSET $3"
    );
    let rows = sqlx::query_as(sql)
        .bind(user_id)
        .bind(i64::from(limit))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
        .fetch_all(db.pool())
        .await?;
    Ok((rows, u64::try_from(total).unwrap_or(0)))
}

/// One of the user's payments.
pub async fn get(db: &Db, user_id: i64, id: i64) -> Result<Option<PaymentRow>, sqlx::Error> {
    let sql = concat!("SELECT ", columns!(), " FROM payments WHERE id = $1 AND user_id = $2");
    sqlx::query_as(sql).bind(id).bind(user_id).fetch_optional(db.pool()).await
}

/// The payment a gateway knows by `authority`.
pub async fn by_authority(
    db: &Db,
    gateway: GatewayKind,
    authority: &str,
) -> Result<Option<PaymentRow>, sqlx::Error> {
    let sql =
        concat!("SELECT ", columns!(), " FROM payments WHERE authority = $1 AND gateway = $2");
    sqlx::query_as(sql).bind(authority).bind(gateway.as_str()).fetch_optional(db.pool()).await
}

/// Reads a payment and keeps it locked until the transaction ends.
pub async fn lock(tx: &mut Tx, id: i64) -> Result<Option<PaymentRow>, sqlx::Error> {
    const SQL: &str = concat!("SELECT ", columns!(), " FROM payments WHERE id = $1");
    let sql = format!("{SQL}{}", tx.for_update());
    sqlx::query_as(AssertSqlSafe(sql)).bind(id).fetch_optional(tx.conn()).await
}

/// Records the gateway's id for a pending payment.
pub async fn set_authority(db: &Db, id: i64, authority: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payments SET authority = $1, updated_at = $2 WHERE id = $3")
        .bind(authority)
        .bind(timestamp::now())
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Points a plan payment at the subscription it bought.
pub async fn set_subscription<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    id: i64,
    subscription_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payments SET subscription_id = $1, updated_at = $2 WHERE id = $3")
        .bind(subscription_id)
        .bind(timestamp::now())
        .bind(id)
        .execute(ex)
        .await?;
    Ok(())
}

/// What the gateway says of a payment it took.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Receipt {
    pub ref_id: Option<String>,
    pub card_last_four: Option<String>,
}

/// Marks a payment paid unless it already is; whether this call did it.
pub async fn mark_paid(tx: &mut Tx, id: i64, receipt: &Receipt) -> Result<bool, sqlx::Error> {
    let now = timestamp::now();
    let done = sqlx::query(
        "UPDATE payments
         SET status = 'paid', ref_id = $1, card_last_four = $2, failure_code = NULL,
             gateway_code = NULL, settled_at = $3, updated_at = $3
         WHERE id = $4 AND status <> 'paid'",
    )
    .bind(receipt.ref_id.as_deref())
    .bind(receipt.card_last_four.as_deref())
    .bind(now)
    .bind(id)
    .execute(tx.conn())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a pending payment failed; whether it was pending.
pub async fn mark_failed(
    db: &Db,
    id: i64,
    failure_code: &str,
    gateway_code: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let now = timestamp::now();
    let done = sqlx::query(
        "UPDATE payments
         SET status = 'failed', failure_code = $1, gateway_code = $2, updated_at = $3
         WHERE id = $4 AND status = 'pending'",
    )
    .bind(failure_code)
    .bind(gateway_code)
    .bind(now)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
