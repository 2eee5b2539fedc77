//! A Google node's text for the index job: a doc through Drive's plain-text
//! export (read as a text file is), a sheet tab by tab through Sheets'
//! values, each row a section "header: value | …" at its row. Google's
//! refusals become the document's Persian reason; a revoked authorisation
//! also sets the node back to pending.

use dastyar_core::text::Section;
use dastyar_core::{MessageCode, NodeKind};

use super::access::{self, CallError};
use super::{Source, client, redirect_uri};
use crate::error::ApiError;
use crate::knowledge::extract::{self, Format, sheet_rows};
use crate::providers::google::{GoogleClient, GoogleError};
use crate::state::AppState;
use crate::store::google::{self as store, LinkRow};
use crate::store::nodes::NodeRow;

/// Why a Google node gave no text: the code and its Persian message.
pub type Failure = (MessageCode, String);

/// The node's sections, or why there are none.
pub async fn read(
    state: &AppState,
    node: &NodeRow,
) -> Result<Result<Vec<Section>, Failure>, ApiError> {
    let Some(source) = Source::of(node) else {
        return Ok(Err(fail(MessageCode::KnowledgeCorrupt, &[])));
    };
    let Some(client) = client(state) else {
        let uri = redirect_uri(state);
        return Ok(Err(fail(MessageCode::GoogleNotConfigured, &[("redirect_uri", &uri)])));
    };
    let Some(id) = source.id.as_deref() else {
        return Ok(Err(fail(MessageCode::GoogleIdMissing, &[])));
    };
    let Some(mut link) = store::link(&state.db, node.id).await? else {
        return Ok(Err(fail(MessageCode::GoogleNotAuthorized, &[])));
    };
    match fetch(state, &client, &mut link, source.kind, id).await {
        Ok((sections, version)) => {
            store::set_synced(&state.db, node.id, &version).await?;
            Ok(sections.map_err(|error| (error.code(), error.message(&source.name, None))))
        }
        Err(CallError::Server(error)) => Err(error),
        Err(CallError::Google(error)) => {
            if matches!(error, GoogleError::InvalidGrant(_) | GoogleError::Unauthenticated) {
                access::revoked(state, &link).await?;
                return Ok(Err(fail(MessageCode::GoogleAuthorizeAgain, &[("name", &source.name)])));
            }
            Ok(Err(failure_of(&error, id)))
        }
    }
}

fn fail(code: MessageCode, params: &[(&str, &str)]) -> Failure {
    (code, code.render(params))
}

fn failure_of(error: &GoogleError, id: &str) -> Failure {
    match error {
        GoogleError::NotFound => fail(MessageCode::GoogleFileNotFound, &[("id", id)]),
        GoogleError::InvalidClient => fail(MessageCode::GoogleClientRejected, &[]),
        GoogleError::Unreachable(_) => fail(MessageCode::GoogleUnreachable, &[]),
        other => fail(MessageCode::GoogleRefused, &[("reason", &other.to_string())]),
    }
}

type Read = Result<Vec<Section>, extract::ExtractError>;

/// The file's sections and the version they were read at.
async fn fetch(
    state: &AppState,
    client: &GoogleClient,
    link: &mut LinkRow,
    kind: NodeKind,
    id: &str,
) -> Result<(Read, String), CallError> {
    let meta =
        access::with_token(
            state,
            client,
            link,
            |token| async move { client.file(&token, id).await },
        )
        .await?;
    let version = meta.change_mark();
    if kind == NodeKind::Googledoc {
        let text = access::with_token(state, client, link, |token| async move {
            client.export_text(&token, id).await
        })
        .await?;
        let read =
            tokio::task::spawn_blocking(move || extract::extract(text.as_bytes(), Format::Text))
                .await
                .map_err(ApiError::internal)?;
        return Ok((read, version));
    }
    let titles = access::with_token(state, client, link, |token| async move {
        client.sheet_titles(&token, id).await
    })
    .await?;
    let mut sections = Vec::new();
    for title in titles {
        let title = title.as_str();
        let rows = access::with_token(state, client, link, |token| async move {
            client.values(&token, id, title).await
        })
        .await?;
        match sheet_rows(title, rows) {
            Ok(rows) => sections.extend(rows),
            Err(error) => return Ok((Err(error), version)),
        }
    }
    if sections.is_empty() {
        return Ok((Err(extract::ExtractError::NoText), version));
    }
    Ok((Ok(sections), version))
}
