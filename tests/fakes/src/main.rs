//! `dastyar-fakes`: runs the fakes for the browser specs and benchmarks and
//! prints one JSON line with their base URLs, e.g.
//! `{"openai":"http://127.0.0.1:41234/v1","zarinpal":"http://127.0.0.1:41235"}`,
//! then serves until stopped.
//!
//! Flags: `--openai-port N`, `--zarinpal-port N` (0, the default, takes a
//! free port), `--word-delay-ms N`, `--api-key K`.

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use dastyar_fakes::openai::{FakeOpenAi, FakeOpenAiConfig};
use dastyar_fakes::zarinpal::FakeZarinpal;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag =
        |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let number = |name: &str| -> u64 {
        flag(name)
            .map_or(0, |v| v.parse().unwrap_or_else(|_| panic!("{name} takes a number, not {v}")))
    };
    let at = |port: u64| -> SocketAddr { format!("127.0.0.1:{port}").parse().expect("an address") };
    let config = FakeOpenAiConfig {
        api_key: flag("--api-key"),
        word_delay: Duration::from_millis(number("--word-delay-ms")),
        ..FakeOpenAiConfig::default()
    };
    let openai = FakeOpenAi::start_on(at(number("--openai-port")), config).await;
    let zarinpal = FakeZarinpal::start_on(at(number("--zarinpal-port"))).await;
    let line = serde_json::json!({"openai": openai.base_url, "zarinpal": zarinpal.base_url});
    let mut out = std::io::stdout();
    writeln!(out, "{line}").and_then(|()| out.flush()).expect("stdout is open");
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("a SIGTERM handler");
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
    }
}
