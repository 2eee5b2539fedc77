//! Configuration: the command line and the environment variables it reads
//! (every setting has both; `dastyar --help` lists them all).

use crate::automation::catch_up::CatchUp;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATA_DIR: &str = "data";
/// The largest uploaded file, in MiB, unless `DASTYAR_MAX_UPLOAD_MB` says otherwise.
pub const DEFAULT_MAX_UPLOAD_MB: u64 = 20;
pub const DEFAULT_MAX_CONNECTIONS: u64 = 10_000;
pub const DEFAULT_LOGINS_PER_MINUTE: u32 = 10;
pub const DEFAULT_REGISTRATIONS_PER_HOUR: u32 = 10;
pub const DEFAULT_WEB_DIR: &str = "web/dist";
/// How long the model provider may keep us waiting, unless `DASTYAR_LLM_TIMEOUT_SECS` says otherwise.
pub const DEFAULT_LLM_TIMEOUT_SECS: u64 = 60;
pub const DEFAULT_TELEGRAM_API_URL: &str = "https://api.telegram.org";
pub const DEFAULT_KAVENEGAR_API_URL: &str = "https://api.kavenegar.com";
pub const DEFAULT_ZARINPAL_API_URL: &str = "https://payment.zarinpal.com";
pub const DEFAULT_GOOGLE_AUTH_URL: &str = "https://accounts.google.com/o/oauth2/v2/auth";
pub const DEFAULT_GOOGLE_TOKEN_URL: &str = "https://oauth2.googleapis.com/token";
pub const DEFAULT_GOOGLE_API_URL: &str = "https://www.googleapis.com";
/// Sheets is served from a host of its own, not from `www.googleapis.com`.
pub const DEFAULT_GOOGLE_SHEETS_API_URL: &str = "https://sheets.googleapis.com";
/// The SQLite file inside the data folder when `DATABASE_URL` is unset.
pub const DEFAULT_DATABASE_FILE: &str = "dastyar.db";
/// The generated JWT secret inside the data folder when `DASTYAR_JWT_SECRET` is unset.
pub const JWT_SECRET_FILE: &str = "jwt-secret";
/// The generated key for secrets at rest when `DASTYAR_SECRET_KEY` is unset.
pub const SECRET_KEY_FILE: &str = "secret-key";

/// `dastyar [serve]`.
#[derive(Debug, Parser)]
#[command(
    name = "dastyar",
    version,
    about = "Dastyar: a Persian-first visual builder for AI-assistant workflows (HTTP API and web app).",
    after_help = "Every setting can also come from the environment variable shown beside it.\n\
                  Log verbosity follows RUST_LOG (default: info)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub config: Config,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Run the HTTP server (the default when no command is given).
    Serve,
}

/// Everything the server is configured with.
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "DASTYAR_ADDR", default_value = DEFAULT_ADDR, global = true)]
    pub addr: SocketAddr,

    /// Database URL: `sqlite://path/to/file.db` or `postgres://user@host/db`.
    /// Default: the SQLite file `dastyar.db` in the data folder (created on first start).
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,

    /// Folder for the default SQLite database, uploads and the generated secrets.
    #[arg(long, env = "DASTYAR_DATA_DIR", default_value = DEFAULT_DATA_DIR, global = true)]
    pub data_dir: PathBuf,

    /// Secret that signs login tokens (HS256). When unset, one is generated once
    /// and kept in `<data folder>/jwt-secret` (mode 0600). Several instances must share it.
    #[arg(long, env = "DASTYAR_JWT_SECRET", hide_env_values = true, global = true)]
    pub jwt_secret: Option<String>,

    /// Key that encrypts the secrets people enter (bot tokens, API keys,
    /// passwords): 64 hex digits (`openssl rand -hex 32`). When unset, one is
    /// generated once and kept in `<data folder>/secret-key` (mode 0600).
    /// Several instances must share it; losing it loses those secrets.
    #[arg(long, env = "DASTYAR_SECRET_KEY", hide_env_values = true, global = true)]
    pub secret_key: Option<String>,

    /// The address people and webhooks reach this server at (callback and webhook
    /// URLs are built from it). Default: `http://` + the listen address.
    #[arg(long, env = "DASTYAR_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Folder of the built web app, served at `/`.
    #[arg(long, env = "DASTYAR_WEB_DIR", default_value = DEFAULT_WEB_DIR, global = true)]
    pub web_dir: PathBuf,

    /// The largest file one upload may carry, in MiB (1 to 1024). Uploaded
    /// files are kept in `<data folder>/files/<node id>/` unless
    /// `DASTYAR_OBJECT_STORE_URL` names a bucket.
    #[arg(long, env = "DASTYAR_MAX_UPLOAD_MB", default_value_t = DEFAULT_MAX_UPLOAD_MB,
          value_parser = clap::value_parser!(u64).range(1..=1024), global = true)]
    pub max_upload_mb: u64,

    /// An S3-compatible bucket for uploaded files, `s3://bucket/prefix`, so
    /// several instances share them; credentials and region come from the
    /// usual `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`.
    /// Default: the data folder.
    #[arg(long, env = "DASTYAR_OBJECT_STORE_URL", value_name = "URL", global = true)]
    pub object_store_url: Option<String>,

    /// The bucket's server when it is not AWS (MinIO, Ceph, Garage...), e.g.
    /// `http://127.0.0.1:9000`; plain http is allowed for it.
    #[arg(long, env = "DASTYAR_OBJECT_STORE_ENDPOINT", value_name = "URL", global = true)]
    pub object_store_endpoint: Option<String>,

    /// A JSON file with the plan catalogue (plans with prices in rials, node
    /// quotas, monthly credits and features; credit packages), replacing the
    /// built-in one. It is checked at start: a broken file stops the server.
    #[arg(long, env = "DASTYAR_PLANS_FILE", value_name = "FILE", global = true)]
    pub plans_file: Option<PathBuf>,

    /// Let request tools call loopback, link-local and private addresses
    /// (a self-hosted API on the same network). Off by default: an assistant's
    /// tools could otherwise be aimed at the server's own neighbours.
    #[arg(long, env = "DASTYAR_ALLOW_PRIVATE_NETWORK", default_value_t = false,
          action = clap::ArgAction::Set, value_name = "BOOL", global = true)]
    pub allow_private_network: bool,

    /// The most connections open at once (16 to 1,000,000); one more is
    /// answered 503 with `Retry-After` and closed. The server raises its
    /// open-file limit at start and holds fewer when the system allows fewer.
    #[arg(long, env = "DASTYAR_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::value_parser!(u64).range(16..=1_000_000), global = true)]
    pub max_connections: u64,

    /// Take a request's address from the last `X-Forwarded-For` entry, as a
    /// reverse proxy in front (nginx, Caddy) sets it. Only when one is: a
    /// client reaching the server directly could otherwise choose the address
    /// its rate limits are counted against.
    #[arg(long, env = "DASTYAR_BEHIND_PROXY", default_value_t = false,
          action = clap::ArgAction::Set, value_name = "BOOL", global = true)]
    pub behind_proxy: bool,

    /// Sign-in attempts one address may make per minute (all at once after a
    /// quiet minute); more are answered 429 with `Retry-After`. Wrong
    /// passwords for one account are limited apart from this, across instances.
    #[arg(long, env = "DASTYAR_LOGINS_PER_MINUTE", default_value_t = DEFAULT_LOGINS_PER_MINUTE,
          value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub logins_per_minute: u32,

    /// Accounts one address may register per hour; more are answered 429.
    #[arg(long, env = "DASTYAR_REGISTRATIONS_PER_HOUR",
          default_value_t = DEFAULT_REGISTRATIONS_PER_HOUR,
          value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub registrations_per_hour: u32,

    /// What a scheduler or trigger does about due times it missed while no
    /// instance ran: `once`, one run for all of them, or `skip`, none.
    #[arg(long, env = "DASTYAR_SCHEDULE_CATCH_UP", value_enum, default_value_t = CatchUp::Once,
          value_name = "POLICY", global = true)]
    pub schedule_catch_up: CatchUp,

    #[command(flatten)]
    pub providers: Providers,
}

/// Outside services. Each base URL is a setting so tests, staging and
/// self-hosted mirrors can point it elsewhere; nothing else names a host.
#[derive(Debug, Clone, Args)]
pub struct Providers {
    #[command(flatten)]
    pub llm: LlmSettings,
    #[command(flatten)]
    pub telegram: TelegramSettings,
    #[command(flatten)]
    pub kavenegar: KavenegarSettings,
    #[command(flatten)]
    pub zarinpal: ZarinpalSettings,
    #[command(flatten)]
    pub google: GoogleSettings,
}

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Language model (OpenAI-compatible chat completions)")]
pub struct LlmSettings {
    /// Base URL of an OpenAI-compatible API, ending in `/v1` (OpenAI, Ollama, vLLM...).
    #[arg(
        id = "llm_base_url",
        value_name = "URL",
        long = "llm-base-url",
        env = "DASTYAR_LLM_BASE_URL",
        global = true
    )]
    pub base_url: Option<String>,
    /// API key sent as `Authorization: Bearer`.
    #[arg(
        id = "llm_api_key",
        value_name = "KEY",
        long = "llm-api-key",
        env = "DASTYAR_LLM_API_KEY",
        hide_env_values = true,
        global = true
    )]
    pub api_key: Option<String>,
    /// Seconds to wait for the provider: for its first byte, and then between
    /// two pieces of a streamed answer (1 to 600).
    #[arg(id = "llm_timeout_secs", value_name = "SECONDS", long = "llm-timeout-secs",
          env = "DASTYAR_LLM_TIMEOUT_SECS", default_value_t = DEFAULT_LLM_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..=600), global = true)]
    pub timeout_secs: u64,
    /// The provider's embedding model (`POST /v1/embeddings`, e.g.
    /// `text-embedding-3-small` or Ollama's `nomic-embed-text`). When set,
    /// knowledge is searched by BM25 and by vectors, fused by rank; unset,
    /// by BM25 alone.
    #[arg(
        id = "embedding_model",
        value_name = "MODEL",
        long = "embedding-model",
        env = "DASTYAR_EMBEDDING_MODEL",
        global = true
    )]
    pub embedding_model: Option<String>,
}

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Telegram")]
pub struct TelegramSettings {
    /// Base URL of the Telegram Bot API (`{base}/bot<token>/<method>`).
    #[arg(id = "telegram_api_url", value_name = "URL", long = "telegram-api-url", env = "DASTYAR_TELEGRAM_API_URL",
          default_value = DEFAULT_TELEGRAM_API_URL, global = true)]
    pub api_url: String,
}

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Kavenegar SMS")]
pub struct KavenegarSettings {
    /// Base URL of the Kavenegar REST API (`{base}/v1/<key>/<scope>/<method>.json`); SMS nodes send through it.
    #[arg(id = "kavenegar_api_url", value_name = "URL", long = "kavenegar-api-url", env = "DASTYAR_KAVENEGAR_API_URL",
          default_value = DEFAULT_KAVENEGAR_API_URL, global = true)]
    pub api_url: String,
}

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Zarinpal payments")]
pub struct ZarinpalSettings {
    /// Base URL of the Zarinpal payment gateway (v4).
    #[arg(id = "zarinpal_api_url", value_name = "URL", long = "zarinpal-api-url", env = "DASTYAR_ZARINPAL_API_URL",
          default_value = DEFAULT_ZARINPAL_API_URL, global = true)]
    pub api_url: String,
    /// Merchant id. Unset: only the mock gateway is offered.
    #[arg(
        id = "zarinpal_merchant_id",
        value_name = "ID",
        long = "zarinpal-merchant-id",
        env = "DASTYAR_ZARINPAL_MERCHANT_ID",
        hide_env_values = true,
        global = true
    )]
    pub merchant_id: Option<String>,
    /// The mock gateway for development (pages pay with `mock-payment/confirm`).
    /// Default: on without a merchant id, off with one.
    #[arg(
        id = "mock_payments",
        value_name = "BOOL",
        long = "mock-payments",
        env = "DASTYAR_MOCK_PAYMENTS",
        global = true
    )]
    pub mock_payments: Option<bool>,
}

impl ZarinpalSettings {
    /// The merchant id, when one is set (an empty variable counts as unset).
    pub fn merchant_id(&self) -> Option<&str> {
        self.merchant_id.as_deref().map(str::trim).filter(|m| !m.is_empty())
    }

    /// Whether the mock gateway is on.
    pub fn mock_enabled(&self) -> bool {
        self.mock_payments.unwrap_or(self.merchant_id().is_none())
    }
}

#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Google OAuth, Docs and Sheets")]
pub struct GoogleSettings {
    /// OAuth client id (Google Docs and Sheets nodes); without it and the secret, they cannot be authorised.
    #[arg(
        id = "google_client_id",
        value_name = "ID",
        long = "google-client-id",
        env = "DASTYAR_GOOGLE_CLIENT_ID",
        global = true
    )]
    pub client_id: Option<String>,
    /// OAuth client secret.
    #[arg(
        id = "google_client_secret",
        value_name = "SECRET",
        long = "google-client-secret",
        env = "DASTYAR_GOOGLE_CLIENT_SECRET",
        hide_env_values = true,
        global = true
    )]
    pub client_secret: Option<String>,
    /// OAuth authorisation endpoint.
    #[arg(id = "google_auth_url", value_name = "URL", long = "google-auth-url", env = "DASTYAR_GOOGLE_AUTH_URL",
          default_value = DEFAULT_GOOGLE_AUTH_URL, global = true)]
    pub auth_url: String,
    /// OAuth token endpoint.
    #[arg(id = "google_token_url", value_name = "URL", long = "google-token-url", env = "DASTYAR_GOOGLE_TOKEN_URL",
          default_value = DEFAULT_GOOGLE_TOKEN_URL, global = true)]
    pub token_url: String,
    /// Base URL of the Google Drive API (file metadata, a doc's text export).
    #[arg(id = "google_api_url", value_name = "URL", long = "google-api-url", env = "DASTYAR_GOOGLE_API_URL",
          default_value = DEFAULT_GOOGLE_API_URL, global = true)]
    pub api_url: String,
    /// Base URL of the Google Sheets API (a sheet's tabs and values).
    #[arg(id = "google_sheets_api_url", value_name = "URL", long = "google-sheets-api-url",
          env = "DASTYAR_GOOGLE_SHEETS_API_URL", default_value = DEFAULT_GOOGLE_SHEETS_API_URL, global = true)]
    pub sheets_api_url: String,
}

impl Config {
    /// The defaults, reading no environment: what tests and embedders start from.
    pub fn with_data_dir(data_dir: impl Into<PathBuf>) -> Self {
        Config {
            addr: DEFAULT_ADDR.parse().expect("the default address parses"),
            database_url: None,
            data_dir: data_dir.into(),
            jwt_secret: None,
            secret_key: None,
            public_url: None,
            web_dir: PathBuf::from(DEFAULT_WEB_DIR),
            max_upload_mb: DEFAULT_MAX_UPLOAD_MB,
            object_store_url: None,
            object_store_endpoint: None,
            plans_file: None,
            allow_private_network: false,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            behind_proxy: false,
            logins_per_minute: DEFAULT_LOGINS_PER_MINUTE,
            registrations_per_hour: DEFAULT_REGISTRATIONS_PER_HOUR,
            schedule_catch_up: CatchUp::Once,
            providers: Providers {
                llm: LlmSettings {
                    base_url: None,
                    api_key: None,
                    timeout_secs: DEFAULT_LLM_TIMEOUT_SECS,
                    embedding_model: None,
                },
                telegram: TelegramSettings { api_url: DEFAULT_TELEGRAM_API_URL.to_owned() },
                kavenegar: KavenegarSettings { api_url: DEFAULT_KAVENEGAR_API_URL.to_owned() },
                zarinpal: ZarinpalSettings {
                    api_url: DEFAULT_ZARINPAL_API_URL.to_owned(),
                    merchant_id: None,
                    mock_payments: None,
                },
                google: GoogleSettings {
                    client_id: None,
                    client_secret: None,
                    auth_url: DEFAULT_GOOGLE_AUTH_URL.to_owned(),
                    token_url: DEFAULT_GOOGLE_TOKEN_URL.to_owned(),
                    api_url: DEFAULT_GOOGLE_API_URL.to_owned(),
                    sheets_api_url: DEFAULT_GOOGLE_SHEETS_API_URL.to_owned(),
                },
            },
        }
    }

    /// The database URL in force: `DATABASE_URL`, or the SQLite file in the data folder.
    pub fn database_url(&self) -> String {
        match non_empty(&self.database_url) {
            Some(url) => url.to_owned(),
            None => {
                format!("sqlite://{}?mode=rwc", self.data_dir.join(DEFAULT_DATABASE_FILE).display())
            }
        }
    }

    /// The public address, without a trailing slash.
    pub fn public_url(&self) -> String {
        match non_empty(&self.public_url) {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.addr),
        }
    }

    /// The largest file one upload may carry, in bytes.
    pub fn max_upload_bytes(&self) -> u64 {
        self.max_upload_mb.saturating_mul(1024 * 1024)
    }

    /// The bucket for uploaded files, if any (empty counts as unset).
    pub fn object_store_url(&self) -> Option<&str> {
        non_empty(&self.object_store_url)
    }

    /// The bucket's server, if not AWS (empty counts as unset).
    pub fn object_store_endpoint(&self) -> Option<&str> {
        non_empty(&self.object_store_endpoint)
    }

    /// The configured JWT secret, if any (an empty variable counts as unset).
    pub fn jwt_secret(&self) -> Option<&str> {
        non_empty(&self.jwt_secret)
    }

    /// The configured key for secrets at rest, if any (empty counts as unset).
    pub fn secret_key(&self) -> Option<&str> {
        non_empty(&self.secret_key)
    }
}

fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn help_lists_every_setting() {
        let help = Cli::command().render_long_help().to_string();
        for var in [
            "DASTYAR_ADDR",
            "DATABASE_URL",
            "DASTYAR_DATA_DIR",
            "DASTYAR_JWT_SECRET",
            "DASTYAR_PUBLIC_URL",
            "DASTYAR_WEB_DIR",
            "DASTYAR_MAX_UPLOAD_MB",
            "DASTYAR_OBJECT_STORE_URL",
            "DASTYAR_OBJECT_STORE_ENDPOINT",
            "DASTYAR_PLANS_FILE",
            "DASTYAR_LLM_BASE_URL",
            "DASTYAR_LLM_API_KEY",
            "DASTYAR_EMBEDDING_MODEL",
            "DASTYAR_SCHEDULE_CATCH_UP",
            "DASTYAR_TELEGRAM_API_URL",
            "DASTYAR_KAVENEGAR_API_URL",
            "DASTYAR_ZARINPAL_API_URL",
            "DASTYAR_ZARINPAL_MERCHANT_ID",
            "DASTYAR_GOOGLE_CLIENT_ID",
            "DASTYAR_GOOGLE_CLIENT_SECRET",
            "DASTYAR_GOOGLE_AUTH_URL",
            "DASTYAR_GOOGLE_TOKEN_URL",
            "DASTYAR_GOOGLE_API_URL",
            "DASTYAR_GOOGLE_SHEETS_API_URL",
        ] {
            assert!(help.contains(var), "--help does not mention {var}:\n{help}");
        }
    }

    #[test]
    fn flags_fill_the_config() {
        let cli = Cli::try_parse_from([
            "dastyar",
            "serve",
            "--addr",
            "0.0.0.0:9000",
            "--database-url",
            "postgres://x@y/z",
            "--llm-base-url",
            "http://127.0.0.1:11434/v1",
        ])
        .unwrap();
        assert_eq!(cli.command, Some(Command::Serve));
        assert_eq!(cli.config.addr.port(), 9000);
        assert_eq!(cli.config.database_url(), "postgres://x@y/z");
        assert_eq!(cli.config.providers.llm.base_url.as_deref(), Some("http://127.0.0.1:11434/v1"));
    }

    #[test]
    fn defaults_point_into_the_data_folder() {
        let config = Config::with_data_dir("data");
        assert_eq!(config.database_url(), "sqlite://data/dastyar.db?mode=rwc");
        assert_eq!(config.public_url(), "http://127.0.0.1:8080");
        assert_eq!(config.jwt_secret(), None);
        assert_eq!(config.max_upload_bytes(), 20 * 1024 * 1024);
    }
}
