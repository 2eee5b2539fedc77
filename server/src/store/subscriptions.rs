//! The `subscriptions` table: which plan a user bought, for which cycle and
//! period. The plan in force is that of the newest active subscription whose
//! period holds now; see [`current`].

use serde::{Deserialize, Serialize};
use sqlx::{Any, Executor};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::billing::catalogue::BillingCycle;
use crate::db::{Db, timestamp};

/// Where a subscription stands. `pending` (awaiting payment), `active` and
/// `cancelled` are stored; `expired` is an active one whose period is over
/// (it may also be stored by whatever tidies old rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum SubscriptionStatus {
    Pending,
    Active,
    Expired,
    Cancelled,
}

impl SubscriptionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionStatus::Pending => "pending",
            SubscriptionStatus::Active => "active",
            SubscriptionStatus::Expired => "expired",
            SubscriptionStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<SubscriptionStatus> {
        [
            SubscriptionStatus::Pending,
            SubscriptionStatus::Active,
            SubscriptionStatus::Expired,
            SubscriptionStatus::Cancelled,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// A stored subscription, as read from its row.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SubscriptionRow {
    pub id: i64,
    pub user_id: i64,
    pub plan_key: String,
    pub billing_cycle: String,
    pub status: String,
    pub amount: i64,
    pub payment_id: Option<i64>,
    pub started_at: String,
    pub expires_at: String,
    pub created_at: String,
    pub updated_at: String,
}

impl SubscriptionRow {
    /// The status at `now` (a stored timestamp): an active subscription whose
    /// period is over is expired; an unknown word (a hand edit) reads as cancelled.
    pub fn status_at(&self, now: &str) -> SubscriptionStatus {
        match SubscriptionStatus::parse(&self.status) {
            Some(SubscriptionStatus::Active) if self.expires_at.as_str() <= now => {
                SubscriptionStatus::Expired
            }
            Some(status) => status,
            None => SubscriptionStatus::Cancelled,
        }
    }

    /// The billing cycle; an unknown word (a hand edit) reads as monthly.
    pub fn billing_cycle(&self) -> BillingCycle {
        BillingCycle::parse(&self.billing_cycle).unwrap_or(BillingCycle::Monthly)
    }
}

/// A subscription to store. Timestamps are as [`timestamp`] writes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSubscription {
    pub user_id: i64,
    pub plan_key: String,
    pub billing_cycle: BillingCycle,
    pub status: SubscriptionStatus,
    /// Rials paid.
    pub amount: i64,
    pub payment_id: Option<i64>,
    pub started_at: String,
    pub expires_at: String,
}

impl NewSubscription {
    /// A copy of a stored subscription's user, plan, cycle, amount and period.
    pub fn like(row: &SubscriptionRow) -> NewSubscription {
        NewSubscription {
            user_id: row.user_id,
            plan_key: row.plan_key.clone(),
            billing_cycle: row.billing_cycle(),
            status: SubscriptionStatus::parse(&row.status).unwrap_or(SubscriptionStatus::Cancelled),
            amount: row.amount,
            payment_id: row.payment_id,
            started_at: row.started_at.clone(),
            expires_at: row.expires_at.clone(),
        }
    }
}

macro_rules! columns {
    () => {
        "id, user_id, plan_key, billing_cycle, status, amount, payment_id, \
         started_at, expires_at, created_at, updated_at"
    };
}

/// Stores a subscription.
pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    new: &NewSubscription,
) -> Result<SubscriptionRow, sqlx::Error> {
    let now = timestamp::now();
    let sql = concat!(
        "INSERT INTO subscriptions (user_id, plan_key, billing_cycle, status, amount, payment_id,
                                    started_at, expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         RETURNING ",
        columns!()
    );
    sqlx::query_as(sql)
        .bind(new.user_id)
        .bind(&new.plan_key)
        .bind(new.billing_cycle.as_str())
        .bind(new.status.as_str())
        .bind(new.amount)
        .bind(new.payment_id)
        .bind(&new.started_at)
        .bind(&new.expires_at)
        .bind(now)
        .fetch_one(ex)
        .await
}

/// One of the user's subscriptions.
pub async fn get<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    let sql = concat!("SELECT ", columns!(), " FROM subscriptions WHERE id = $1 AND user_id = $2");
    sqlx::query_as(sql).bind(id).bind(user_id).fetch_optional(ex).await
}

/// Makes a subscription active for a period, bought by a payment.
pub async fn activate<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    id: i64,
    payment_id: i64,
    amount: i64,
    started_at: &str,
    expires_at: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE subscriptions
         SET status = 'active', payment_id = $1, amount = $2, started_at = $3, expires_at = $4,
             updated_at = $5
         WHERE id = $6",
    )
    .bind(payment_id)
    .bind(amount)
    .bind(started_at)
    .bind(expires_at)
    .bind(timestamp::now())
    .bind(id)
    .execute(ex)
    .await?;
    Ok(())
}

/// Cancels the user's active subscriptions that have not ended by `now`
/// (the one in force and any renewal waiting to start); how many.
pub async fn cancel_unended<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    now: &str,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE subscriptions SET status = 'cancelled', updated_at = $1
         WHERE user_id = $2 AND status = 'active' AND expires_at > $1",
    )
    .bind(now)
    .bind(user_id)
    .execute(ex)
    .await?;
    Ok(done.rows_affected())
}

/// When the user's active subscriptions to `plan_key` that have not ended by
/// `now` end, the latest of them (`None` when there are none): a renewal
/// starts there.
pub async fn unended_until<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    plan_key: &str,
    now: &str,
) -> Result<Option<String>, sqlx::Error> {
    let (end,): (Option<String>,) = sqlx::query_as(
        "SELECT MAX(expires_at) FROM subscriptions
         WHERE user_id = $1 AND plan_key = $2 AND status = 'active' AND expires_at > $3",
    )
    .bind(user_id)
    .bind(plan_key)
    .bind(now)
    .fetch_one(ex)
    .await?;
    Ok(end)
}

/// The subscription in force at `now`: the user's newest active one whose
/// period holds `now`.
pub async fn current<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    now: &str,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM subscriptions
         WHERE user_id = $1 AND status = 'active' AND started_at <= $2 AND expires_at > $2
         ORDER BY started_at DESC, id DESC LIMIT 1"
    );
    sqlx::query_as(sql).bind(user_id).bind(now).fetch_optional(ex).await
}

/// The user's most recently ended subscription at `now` (active or expired
/// whose period is over).
pub async fn latest_expired(
    db: &Db,
    user_id: i64,
    now: &str,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM subscriptions
         WHERE user_id = $1 AND status IN ('active', 'expired') AND expires_at <= $2
         ORDER BY expires_at DESC, id DESC LIMIT 1"
    );
    sqlx::query_as(sql).bind(user_id).bind(now).fetch_optional(db.pool()).await
}

/// One page of the user's subscriptions, newest first, and how many there are.
pub async fn history(
    db: &Db,
    user_id: i64,
    limit: u32,
    offset: u64,
) -> Result<(Vec<SubscriptionRow>, u64), sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM subscriptions WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(db.pool())
        .await?;
    let sql = concat!(
        "SELECT ",
        columns!(),
        " FROM subscriptions WHERE user_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3"
    );
    let rows = sqlx::query_as(sql)
        .bind(user_id)
        .bind(i64::from(limit))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
        .fetch_all(db.pool())
        .await?;
    Ok((rows, u64::try_from(total).unwrap_or(0)))
}
