//! What every handler can reach: the database, the configuration and the
//! token keys (each extractable on its own through `FromRef`).

use std::fmt;
use std::sync::Arc;

use axum::extract::FromRef;

use crate::config::Config;
use crate::db::Db;
use crate::secret;
use crate::token::JwtKeys;

#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub keys: Arc<JwtKeys>,
}

impl AppState {
    /// Resolves the JWT secret, opens the database and runs its migrations.
    pub async fn open(config: Config) -> Result<AppState, StartupError> {
        let secret = secret::jwt_secret(&config).map_err(StartupError::Secret)?;
        let db = Db::open(&config.database_url()).await.map_err(StartupError::Database)?;
        Ok(AppState::new(config, db, &secret))
    }

    pub fn new(config: Config, db: Db, jwt_secret: &[u8]) -> AppState {
        AppState { db, config: Arc::new(config), keys: Arc::new(JwtKeys::new(jwt_secret)) }
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

/// Why the server could not start.
#[derive(Debug)]
pub enum StartupError {
    Secret(std::io::Error),
    Database(sqlx::Error),
    Listen(std::io::Error),
}

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartupError::Secret(e) => write!(f, "cannot read or create the JWT secret: {e}"),
            StartupError::Database(e) => write!(f, "cannot open the database: {e}"),
            StartupError::Listen(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for StartupError {}
