//! The accept loop's bounds, over real sockets: silent and half-sent
//! connections are closed, idle keep-alive ones too, and one connection over
//! the cap is told 503 with `Retry-After` while the others are served. The
//! database plays no part, so these run on SQLite only.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{Backend, TestEnv};
use dastyar_server::http::connections::{self, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// Long enough for any real client to send its headers here, short enough to wait for.
const HEADER_TIMEOUT: Duration = Duration::from_millis(300);
/// Only to fail instead of hanging if a socket is never closed.
const HANG_GUARD: Duration = Duration::from_secs(20);

struct Served {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    env: Option<TestEnv>,
}

impl Served {
    async fn start(max_connections: usize) -> Served {
        let env = TestEnv::new(Backend::Sqlite).await;
        let app = env.app().await;
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let limits = Limits { max_connections, header_read_timeout: HEADER_TIMEOUT };
        tokio::spawn(connections::serve(listener, app.router, limits, async {
            let _ = stopped.await;
        }));
        Served { addr, stop: Some(stop), env: Some(env) }
    }

    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.env.take().unwrap().remove().await;
    }
}

/// Everything the server sends until it closes the socket.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    tokio::time::timeout(HANG_GUARD, stream.read_to_end(&mut bytes))
        .await
        .expect("the server closes the socket")
        .expect("reading succeeds");
    String::from_utf8_lossy(&bytes).into_owned()
}

const HEALTHY_REQUEST: &[u8] = b"GET /api/auth/me HTTP/1.1\r\nhost: x\r\n\r\n";

/// Sends one request on `stream` and reads its head (the 401 for no token).
async fn ask(stream: &mut TcpStream) -> String {
    stream.write_all(HEALTHY_REQUEST).await.unwrap();
    let mut buffer = vec![0u8; 4096];
    let read = tokio::time::timeout(HANG_GUARD, stream.read(&mut buffer)).await.unwrap().unwrap();
    String::from_utf8_lossy(&buffer[..read]).into_owned()
}

#[tokio::test]
async fn a_socket_that_sends_nothing_is_closed() {
    let served = Served::start(16).await;
    let mut silent = TcpStream::connect(served.addr).await.unwrap();
    assert_eq!(read_to_close(&mut silent).await, "", "closed without an answer");
    served.stop().await;
}

#[tokio::test]
async fn half_sent_headers_are_closed() {
    let served = Served::start(16).await;
    let mut slow = TcpStream::connect(served.addr).await.unwrap();
    slow.write_all(b"GET /api/auth/me HTTP/1.1\r\nhost: x\r\nx-slow: ").await.unwrap();
    let answer = read_to_close(&mut slow).await;
    assert!(!answer.contains("200"), "never served: {answer}");
    served.stop().await;
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_its_answer() {
    let served = Served::start(16).await;
    let mut stream = TcpStream::connect(served.addr).await.unwrap();
    let head = ask(&mut stream).await;
    assert!(head.starts_with("HTTP/1.1 401"), "{head}");
    assert_eq!(read_to_close(&mut stream).await, "", "then closed while idle");
    served.stop().await;
}

#[tokio::test]
async fn one_over_the_cap_is_told_to_come_back_and_the_others_are_served() {
    let served = Served::start(2).await;
    let mut first = TcpStream::connect(served.addr).await.unwrap();
    let mut second = TcpStream::connect(served.addr).await.unwrap();
    // Both are accepted and served before the third arrives.
    assert!(ask(&mut first).await.starts_with("HTTP/1.1 401"));
    assert!(ask(&mut second).await.starts_with("HTTP/1.1 401"));

    let mut third = TcpStream::connect(served.addr).await.unwrap();
    let refused = read_to_close(&mut third).await;
    let (head, body) = refused.split_once("\r\n\r\n").expect("a whole answer");
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    assert!(head.to_lowercase().contains("retry-after: "), "{head}");
    let body: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(body["error"]["code"], "server_busy");

    // Once the first two go, room is made again.
    drop(first);
    drop(second);
    let mut later = None;
    for _ in 0..200 {
        let mut stream = TcpStream::connect(served.addr).await.unwrap();
        let head = ask(&mut stream).await;
        if head.starts_with("HTTP/1.1 401") {
            later = Some(head);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(later.is_some(), "served again once the others closed");
    served.stop().await;
}

#[tokio::test]
async fn the_open_file_limit_is_raised_and_the_cap_fits_it() {
    let (before, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    let cap = connections::connection_cap(1_000_000);
    let (after, _) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
    assert!(after >= before, "never lowered");
    if hard != rlimit::INFINITY {
        assert_eq!(after, hard, "the soft limit is raised to the hard one");
    }
    assert!((cap as u64) < after, "the cap leaves descriptors for everything else");
    assert_eq!(connections::connection_cap(100), 100, "a smaller wish is kept");
}
