//! `dastyar-fakes`: runs the fakes for the browser specs and benchmarks and
//! prints one JSON line with their base URLs, e.g.
//! `{"google":"http://127.0.0.1:41237","google_sheets":"http://127.0.0.1:41238","kavenegar":"http://127.0.0.1:41240","openai":"http://127.0.0.1:41234/v1","telegram":"http://127.0.0.1:41236","wordpress":"http://127.0.0.1:41239","zarinpal":"http://127.0.0.1:41235"}`,
//! then serves until stopped (SIGTERM or SIGINT, exit 0).
//!
//! Flags: `--openai-port N`, `--zarinpal-port N`, `--telegram-port N`,
//! `--google-port N`, `--google-sheets-port N`, `--wordpress-port N`,
//! `--kavenegar-port N` (0, the default, takes a free port),
//! `--word-delay-ms N`, `--api-key K`.

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use dastyar_fakes::google::FakeGoogle;
use dastyar_fakes::kavenegar::FakeKavenegar;
use dastyar_fakes::openai::{FakeOpenAi, FakeOpenAiConfig};
use dastyar_fakes::telegram::FakeTelegram;
use dastyar_fakes::wordpress::FakeWordpress;
use dastyar_fakes::zarinpal::FakeZarinpal;

const USAGE: &str = "usage: dastyar-fakes [--openai-port N] [--zarinpal-port N] \
                     [--telegram-port N] [--google-port N] [--google-sheets-port N] \
                     [--wordpress-port N] [--kavenegar-port N] [--word-delay-ms N] \
                     [--api-key KEY]";

/// What the flags ask for.
#[derive(Debug, Default)]
struct Flags {
    openai_port: u16,
    zarinpal_port: u16,
    telegram_port: u16,
    google_port: u16,
    google_sheets_port: u16,
    wordpress_port: u16,
    kavenegar_port: u16,
    word_delay_ms: u64,
    api_key: Option<String>,
}

impl Flags {
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Flags, String> {
        let mut flags = Flags::default();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Err(USAGE.to_owned());
            }
            let value = args.next().ok_or_else(|| format!("{flag} takes a value\n{USAGE}"))?;
            let number = |what: &str| format!("{flag} takes {what}, not {value:?}");
            match flag.as_str() {
                "--openai-port" => {
                    flags.openai_port = value.parse().map_err(|_| number("a port"))?
                }
                "--zarinpal-port" => {
                    flags.zarinpal_port = value.parse().map_err(|_| number("a port"))?;
                }
                "--telegram-port" => {
                    flags.telegram_port = value.parse().map_err(|_| number("a port"))?;
                }
                "--google-port" => {
                    flags.google_port = value.parse().map_err(|_| number("a port"))?;
                }
                "--google-sheets-port" => {
                    flags.google_sheets_port = value.parse().map_err(|_| number("a port"))?;
                }
                "--wordpress-port" => {
                    flags.wordpress_port = value.parse().map_err(|_| number("a port"))?;
                }
                "--kavenegar-port" => {
                    flags.kavenegar_port = value.parse().map_err(|_| number("a port"))?;
                }
                "--word-delay-ms" => {
                    flags.word_delay_ms = value.parse().map_err(|_| number("milliseconds"))?;
                }
                "--api-key" => flags.api_key = Some(value),
                _ => return Err(format!("unknown flag {flag}\n{USAGE}")),
            }
        }
        Ok(flags)
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let flags = match Flags::parse(std::env::args().skip(1)) {
        Ok(flags) => flags,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let local = |port: u16| SocketAddr::from(([127, 0, 0, 1], port));
    let config = FakeOpenAiConfig {
        api_key: flags.api_key,
        word_delay: Duration::from_millis(flags.word_delay_ms),
        ..FakeOpenAiConfig::default()
    };
    let openai = FakeOpenAi::start_on(local(flags.openai_port), config).await;
    let zarinpal = FakeZarinpal::start_on(local(flags.zarinpal_port)).await;
    let telegram = FakeTelegram::start_on(local(flags.telegram_port)).await;
    let google =
        FakeGoogle::start_on(local(flags.google_port), local(flags.google_sheets_port)).await;
    let wordpress = FakeWordpress::start_on(local(flags.wordpress_port)).await;
    let kavenegar = FakeKavenegar::start_on(local(flags.kavenegar_port)).await;
    let line = serde_json::json!({
        "google": google.base_url, "google_sheets": google.sheets_url,
        "kavenegar": kavenegar.base_url,
        "openai": openai.base_url, "telegram": telegram.base_url,
        "wordpress": wordpress.base_url, "zarinpal": zarinpal.base_url,
    });
    let mut out = std::io::stdout();
    writeln!(out, "{line}").and_then(|()| out.flush()).expect("stdout is open");
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("a SIGTERM handler");
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
    }
    ExitCode::SUCCESS
}
