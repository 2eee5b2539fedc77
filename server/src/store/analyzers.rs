//! The `analyzers` and `analyzer_reports` tables: each analyzer's daily
//! schedule and how far its reports have read, the reports themselves, and
//! the channel messages a report reads.

use sqlx::{AssertSqlSafe, FromRow};

use super::tx::Tx;
use super::{IDS_PER_QUERY, placeholders};
use crate::db::{Db, timestamp};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct AnalyzerRow {
    pub node_id: i64,
    pub user_id: i64,
    /// 1 when a report goes out every day at `hour`.
    pub daily: i64,
    /// 0..23, Asia/Tehran.
    pub hour: i64,
    pub next_report_at: Option<String>,
    /// The last message id a report covered.
    pub reported_to: i64,
    pub created_at: String,
    pub updated_at: String,
}

impl AnalyzerRow {
    pub fn is_daily(&self) -> bool {
        self.daily != 0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ReportRow {
    pub id: i64,
    pub node_id: i64,
    pub user_id: i64,
    pub requested_by: String,
    pub first_message: i64,
    pub last_message: i64,
    pub conversations: i64,
    pub messages: i64,
    pub content: String,
    pub model: String,
    pub credits: i64,
    pub delivery: String,
    pub delivery_error: Option<String>,
    pub chat_id: Option<i64>,
    pub created_at: String,
}

/// A report to keep.
#[derive(Debug, Clone)]
pub struct NewReport<'a> {
    pub node_id: i64,
    pub user_id: i64,
    pub requested_by: &'a str,
    pub first_message: i64,
    pub last_message: i64,
    pub conversations: i64,
    pub messages: i64,
    pub content: &'a str,
    pub model: &'a str,
}

/// A message said on a channel, as a report reads it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChannelMessage {
    pub id: i64,
    pub conversation_id: i64,
    pub channel: String,
    pub channel_node_id: i64,
    pub role: String,
    pub content: String,
    pub created_at: String,
}

const ANALYZER_COLUMNS: &str =
    "node_id, user_id, daily, hour, next_report_at, reported_to, created_at, updated_at";
const REPORT_COLUMNS: &str = "id, node_id, user_id, requested_by, first_message, last_message, \
     conversations, messages, content, model, credits, delivery, delivery_error, chat_id, created_at";

pub async fn get(db: &Db, user_id: i64, node_id: i64) -> Result<Option<AnalyzerRow>, sqlx::Error> {
    let sql =
        format!("SELECT {ANALYZER_COLUMNS} FROM analyzers WHERE node_id = $1 AND user_id = $2");
    sqlx::query_as(AssertSqlSafe(sql)).bind(node_id).bind(user_id).fetch_optional(db.pool()).await
}

/// The analyzer's row, made with the default schedule (next run at
/// `next_report_at`) if it has none yet.
pub async fn ensure(
    db: &Db,
    user_id: i64,
    node_id: i64,
    next_report_at: &str,
) -> Result<AnalyzerRow, sqlx::Error> {
    sqlx::query(
        "INSERT INTO analyzers (node_id, user_id, next_report_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $4) ON CONFLICT (node_id) DO NOTHING",
    )
    .bind(node_id)
    .bind(user_id)
    .bind(next_report_at)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    let sql = format!("SELECT {ANALYZER_COLUMNS} FROM analyzers WHERE node_id = $1");
    sqlx::query_as(AssertSqlSafe(sql)).bind(node_id).fetch_one(db.pool()).await
}

/// Sets the schedule: daily at `hour`, next at `next_report_at` (none when off).
pub async fn set_schedule(
    db: &Db,
    node_id: i64,
    daily: bool,
    hour: i64,
    next_report_at: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE analyzers SET daily = $2, hour = $3, next_report_at = $4, updated_at = $5
         WHERE node_id = $1",
    )
    .bind(node_id)
    .bind(i64::from(daily))
    .bind(hour)
    .bind(next_report_at)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Analyzers whose schedule is due at `now`, earliest first.
pub async fn due(db: &Db, now: &str, limit: i64) -> Result<Vec<AnalyzerRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {ANALYZER_COLUMNS} FROM analyzers
         WHERE next_report_at IS NOT NULL AND next_report_at <= $1
         ORDER BY next_report_at LIMIT $2"
    );
    sqlx::query_as(AssertSqlSafe(sql)).bind(now).bind(limit).fetch_all(db.pool()).await
}

/// Moves a due schedule on to `next`, only if it is still due at `was`:
/// of several instances that saw it due, one takes the run.
pub async fn take_due(db: &Db, node_id: i64, was: &str, next: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE analyzers SET next_report_at = $3, updated_at = $4
         WHERE node_id = $1 AND next_report_at = $2",
    )
    .bind(node_id)
    .bind(was)
    .bind(next)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Messages people and assistants said through the channel nodes
/// `channel_nodes` after message `after`, in order, at most `limit`.
/// Tool steps and empty turns are left out.
pub async fn messages_since(
    db: &Db,
    user_id: i64,
    channel_nodes: &[i64],
    after: i64,
    limit: i64,
) -> Result<Vec<ChannelMessage>, sqlx::Error> {
    let mut found: Vec<ChannelMessage> = Vec::new();
    for chunk in channel_nodes.chunks(IDS_PER_QUERY) {
        let sql = format!(
            "SELECT m.id, m.conversation_id, c.channel, c.channel_node_id, m.role, m.content, m.created_at
             FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
             WHERE c.user_id = $1 AND m.id > $2 AND m.role IN ('user', 'assistant') AND m.content <> ''
               AND c.channel_node_id IN ({})
             ORDER BY m.id LIMIT $3",
            placeholders(4, chunk.len())
        );
        let mut query = sqlx::query_as(AssertSqlSafe(sql))
            .persistent(false)
            .bind(user_id)
            .bind(after)
            .bind(limit);
        for id in chunk {
            query = query.bind(*id);
        }
        found.extend(query.fetch_all(db.pool()).await?);
    }
    found.sort_by_key(|m| m.id);
    found.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(found)
}

/// Keeps a report and moves the analyzer's reading on to its last message,
/// only if no other report covered these messages first (then `None`).
pub async fn record(db: &Db, report: &NewReport<'_>) -> Result<Option<ReportRow>, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let moved = sqlx::query(
        "UPDATE analyzers SET reported_to = $2, updated_at = $4
         WHERE node_id = $1 AND reported_to < $3",
    )
    .bind(report.node_id)
    .bind(report.last_message)
    .bind(report.first_message)
    .bind(timestamp::now())
    .execute(tx.conn())
    .await?;
    if moved.rows_affected() != 1 {
        return Ok(None);
    }
    let sql = format!(
        "INSERT INTO analyzer_reports (node_id, user_id, requested_by, first_message, last_message,
                                       conversations, messages, content, model, delivery, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'sending', $10)
         ON CONFLICT (node_id, first_message) DO NOTHING
         RETURNING {REPORT_COLUMNS}"
    );
    let row: Option<ReportRow> = sqlx::query_as(AssertSqlSafe(sql))
        .bind(report.node_id)
        .bind(report.user_id)
        .bind(report.requested_by)
        .bind(report.first_message)
        .bind(report.last_message)
        .bind(report.conversations)
        .bind(report.messages)
        .bind(report.content)
        .bind(report.model)
        .bind(timestamp::now())
        .fetch_optional(tx.conn())
        .await?;
    if row.is_some() {
        tx.commit().await?;
    }
    Ok(row)
}

pub async fn set_credits(db: &Db, report_id: i64, credits: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE analyzer_reports SET credits = $2 WHERE id = $1")
        .bind(report_id)
        .bind(credits)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// How sending the report went: `sent` to `chat_id`, or `not_sent` and why.
pub async fn set_delivery(
    db: &Db,
    report_id: i64,
    delivery: &str,
    error: Option<&str>,
    chat_id: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE analyzer_reports SET delivery = $2, delivery_error = $3, chat_id = $4 WHERE id = $1",
    )
    .bind(report_id)
    .bind(delivery)
    .bind(error)
    .bind(chat_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Takes a report not sent yet for sending again: of two who ask, one gets it.
pub async fn take_for_sending(
    db: &Db,
    user_id: i64,
    report_id: i64,
) -> Result<Option<ReportRow>, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE analyzer_reports SET delivery = 'sending'
         WHERE id = $1 AND user_id = $2 AND delivery = 'not_sent'",
    )
    .bind(report_id)
    .bind(user_id)
    .execute(db.pool())
    .await?;
    if done.rows_affected() != 1 {
        return Ok(None);
    }
    report(db, user_id, report_id).await
}

pub async fn report(db: &Db, user_id: i64, id: i64) -> Result<Option<ReportRow>, sqlx::Error> {
    let sql =
        format!("SELECT {REPORT_COLUMNS} FROM analyzer_reports WHERE id = $1 AND user_id = $2");
    sqlx::query_as(AssertSqlSafe(sql)).bind(id).bind(user_id).fetch_optional(db.pool()).await
}

/// The analyzer's latest reports, newest first.
pub async fn reports(
    db: &Db,
    user_id: i64,
    node_id: i64,
    limit: i64,
) -> Result<Vec<ReportRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {REPORT_COLUMNS} FROM analyzer_reports WHERE node_id = $1 AND user_id = $2
         ORDER BY id DESC LIMIT $3"
    );
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(node_id)
        .bind(user_id)
        .bind(limit)
        .fetch_all(db.pool())
        .await
}
