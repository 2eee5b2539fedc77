//! What every handler can reach: the database, the configuration and the
//! token keys (each extractable on its own through `FromRef`).

use std::fmt;
use std::sync::Arc;

use axum::extract::FromRef;
use tokio::sync::Notify;

use crate::accounts::jwt_secret;
use crate::accounts::password_hasher::PasswordHasher;
use crate::accounts::token::JwtKeys;
use crate::billing::catalogue::{Catalogue, CatalogueError};
use crate::canvas::file_store::{FileStore, FileStoreError};
use crate::canvas::position_writer::PositionWriter;
use crate::canvas::snapshots::Snapshots;
use crate::channels::widget::visitor_token::VisitorTokens;
use crate::config::Config;
use crate::db::Db;
use crate::knowledge::vectors::VectorIndex;
use crate::providers::llm::LlmProvider;
use crate::rate_limits::RateLimits;
use crate::runtime::message_writer::{self, MessageWriter};
use crate::runtime::outbound::OutboundClient;
use crate::secrets::SecretBox;
use crate::secrets::node_secrets;
use crate::secrets::secret_box::KeyError;

#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub keys: Arc<JwtKeys>,
    /// Seals the secrets in node data (bot tokens, API keys, passwords).
    pub secrets: SecretBox,
    /// Password hashing, a few at a time.
    pub hasher: Arc<PasswordHasher>,
    /// Per-address limits of what anyone can call.
    pub limits: Arc<RateLimits>,
    /// The plan catalogue in force (built in, or `DASTYAR_PLANS_FILE`).
    pub plans: Arc<Catalogue>,
    /// One HTTP client for every outside service (it pools connections).
    pub http: reqwest::Client,
    /// The language-model provider (with its own client: its timeouts differ).
    pub llm: Arc<LlmProvider>,
    /// Calls to addresses people configure (request tools), kept off internal networks.
    pub outbound: OutboundClient,
    /// Stores what people say in conversations, many in one commit.
    pub messages: Arc<MessageWriter>,
    /// Signs and checks the chat widget's visitor tokens.
    pub visitor_tokens: Arc<VisitorTokens>,
    /// Uploaded files' bytes: the data folder or a shared bucket.
    pub files: FileStore,
    /// Knowledge chunks' vectors in memory, for hybrid search.
    pub vectors: Arc<VectorIndex>,
    /// Wakes the embedder when a document was indexed here.
    pub embedding_due: Arc<Notify>,
    /// Project loads kept per revision, to answer an unchanged project again.
    pub snapshots: Arc<Snapshots>,
    /// Node moves, many in one commit.
    pub positions: Arc<PositionWriter>,
}

impl AppState {
    /// Loads the plan catalogue, resolves the JWT secret and the key for
    /// secrets at rest, opens the database, runs its migrations and seals
    /// any secret stored before sealing existed.
    pub async fn open(config: Config) -> Result<AppState, StartupError> {
        let plans = Catalogue::load(config.plans_file.as_deref()).map_err(StartupError::Plans)?;
        let secret = jwt_secret::jwt_secret(&config).map_err(StartupError::Secret)?;
        let secrets = SecretBox::from_config(&config).map_err(StartupError::SecretKey)?;
        let files = FileStore::open(&config).map_err(StartupError::Files)?;
        let db = Db::open(&config.database_url()).await.map_err(StartupError::Database)?;
        let sealed =
            node_secrets::seal_stored(&db, &secrets).await.map_err(StartupError::Database)?;
        if sealed > 0 {
            tracing::info!(nodes = sealed, "sealed secrets stored in plain text");
        }
        Ok(AppState::new(config, db, &secret, secrets, files).with_plans(plans))
    }

    /// A state with the built-in plan catalogue.
    pub fn new(
        config: Config,
        db: Db,
        jwt_secret: &[u8],
        secrets: SecretBox,
        files: FileStore,
    ) -> AppState {
        AppState {
            db,
            files,
            keys: Arc::new(JwtKeys::new(jwt_secret)),
            visitor_tokens: Arc::new(VisitorTokens::new(jwt_secret)),
            secrets,
            hasher: Arc::new(PasswordHasher::per_core()),
            limits: Arc::new(RateLimits::from_config(&config)),
            plans: Arc::new(Catalogue::builtin().clone()),
            http: reqwest::Client::new(),
            llm: Arc::new(LlmProvider::from_settings(&config.providers.llm)),
            outbound: OutboundClient::new(config.allow_private_network),
            messages: Arc::new(MessageWriter::new(message_writer::LEASE)),
            vectors: Arc::new(VectorIndex::default()),
            snapshots: Arc::new(Snapshots::default()),
            positions: Arc::new(PositionWriter::default()),
            embedding_due: Arc::new(Notify::new()),
            config: Arc::new(config),
        }
    }

    /// The same state with another plan catalogue.
    pub fn with_plans(self, plans: Catalogue) -> AppState {
        AppState { plans: Arc::new(plans), ..self }
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Db {
        state.db.clone()
    }
}

impl FromRef<AppState> for Arc<Config> {
    fn from_ref(state: &AppState) -> Arc<Config> {
        state.config.clone()
    }
}

impl FromRef<AppState> for Arc<JwtKeys> {
    fn from_ref(state: &AppState) -> Arc<JwtKeys> {
        state.keys.clone()
    }
}

impl FromRef<AppState> for Arc<PasswordHasher> {
    fn from_ref(state: &AppState) -> Arc<PasswordHasher> {
        state.hasher.clone()
    }
}

impl FromRef<AppState> for Arc<RateLimits> {
    fn from_ref(state: &AppState) -> Arc<RateLimits> {
        state.limits.clone()
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub enum StartupError {
    Plans(CatalogueError),
    Secret(std::io::Error),
    SecretKey(KeyError),
    Database(sqlx::Error),
    Files(FileStoreError),
    Listen(std::io::Error),
}

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartupError::Plans(e) => write!(f, "{e}"),
            StartupError::Secret(e) => write!(f, "cannot read or create the JWT secret: {e}"),
            StartupError::SecretKey(e) => write!(f, "{e}"),
            StartupError::Database(e) => write!(f, "cannot open the database: {e}"),
            StartupError::Files(e) => write!(f, "cannot open the file store: {e}"),
            StartupError::Listen(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for StartupError {}
