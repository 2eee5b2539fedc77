//! Room for uploaded files: each plan has so many mebibytes (`storage_mb`
//! in the catalogue), counted over the files of all the user's file
//! database and file repository nodes.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;

use crate::billing::current_plan::current_plan;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::nodes;

const MEBIBYTE: u64 = 1024 * 1024;

/// The kinds whose files count.
const FILE_KINDS: [NodeKind; 2] = [NodeKind::Filedb, NodeKind::Filerepository];

/// What the user stores and may store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StorageUse {
    pub used_bytes: u64,
    /// `None`: the plan sets no limit.
    pub limit_bytes: Option<u64>,
}

impl StorageUse {
    /// The user's files against their current plan.
    pub async fn of(state: &AppState, user_id: i64) -> Result<StorageUse, ApiError> {
        let (plan, _) = current_plan(state, user_id).await?;
        let rows = nodes::of_kinds_for_user(state.db.pool(), user_id, &FILE_KINDS).await?;
        let mut used_bytes = 0u64;
        for row in rows {
            let files = match row.payload().map_err(ApiError::internal)? {
                NodePayload::Filedb(p) => p.files,
                NodePayload::Filerepository(p) => p.files,
                _ => continue,
            };
            let sizes = files.iter().filter_map(|f| f.size).map(|s| u64::try_from(s).unwrap_or(0));
            used_bytes = used_bytes.saturating_add(sizes.sum());
        }
        let limit_bytes = plan.storage_mb.map(|mb| u64::from(mb) * MEBIBYTE);
        Ok(StorageUse { used_bytes, limit_bytes })
    }

    /// How many more bytes fit (`None`: no limit).
    pub fn room(&self) -> Option<u64> {
        self.limit_bytes.map(|limit| limit.saturating_sub(self.used_bytes))
    }

    /// Whether `adding` more bytes fit; the Persian refusal when not.
    pub fn check(&self, adding: u64) -> Result<(), ApiError> {
        match self.limit_bytes {
            Some(limit) if self.used_bytes.saturating_add(adding) > limit => {
                Err(ApiError::storage_full(limit, self.used_bytes, adding))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_fits_up_to_the_last_byte() {
        let usage = StorageUse { used_bytes: 40 * MEBIBYTE, limit_bytes: Some(50 * MEBIBYTE) };
        assert_eq!(usage.room(), Some(10 * MEBIBYTE));
        assert!(usage.check(10 * MEBIBYTE).is_ok());
        let refused = usage.check(10 * MEBIBYTE + 1).unwrap_err();
        match refused {
            ApiError::Rendered { status, code, message, details } => {
                assert_eq!(status, axum::http::StatusCode::FORBIDDEN);
                assert_eq!(code, dastyar_core::MessageCode::StorageQuotaExceeded);
                assert!(message.contains("۵۰٫۰") && message.contains("۴۰٫۰"), "{message}");
                assert_eq!(details["used_bytes"], 40 * MEBIBYTE);
            }
            other => panic!("{other:?}"),
        }
        let unlimited = StorageUse { used_bytes: u64::MAX, limit_bytes: None };
        assert_eq!(unlimited.room(), None);
        assert!(unlimited.check(u64::MAX).is_ok());
    }
}
