//! Where uploaded files' bytes live, through `object_store`: the data
//! folder's `files/` by default, or an S3-compatible bucket
//! (`DASTYAR_OBJECT_STORE_URL`) that several instances share. A file's key
//! is `<node id>/<file id>`.
//!
//! An upload streams into a staging key under `.tmp/` as a multipart upload
//! (a bucket shows it only once completed; the folder writes `<key>#<n>` and
//! renames it), and is renamed to its key once it joins its node, so a crash
//! never leaves a half file under a node.

use std::fmt;
use std::path::{Path as FsPath, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{GetResult, ObjectStore, ObjectStoreExt, WriteMultipart};

use crate::config::Config;

/// Where staged uploads wait (a prefix no node id can take).
const STAGING: &str = ".tmp";

/// Parts of a multipart upload in flight at once: with the 5 MiB parts S3
/// requires, an upload holds at most a few parts in memory.
const PARTS_IN_FLIGHT: usize = 2;

/// The store of every node's files.
#[derive(Clone)]
pub struct FileStore {
    store: Arc<dyn ObjectStore>,
    /// The folder, when the files are on this server's disk.
    local_root: Option<PathBuf>,
}

impl fmt::Debug for FileStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FileStore({})", self.store)
    }
}

/// Why the file store could not be opened or used.
#[derive(Debug)]
pub struct FileStoreError(pub String);

impl fmt::Display for FileStoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FileStoreError {}

impl From<object_store::Error> for FileStoreError {
    fn from(error: object_store::Error) -> Self {
        FileStoreError(error.to_string())
    }
}

impl FileStore {
    /// The store the configuration names: the bucket of
    /// `DASTYAR_OBJECT_STORE_URL` (credentials and region from the usual
    /// `AWS_*` variables), else `<data folder>/files`.
    pub fn open(config: &Config) -> Result<FileStore, FileStoreError> {
        match config.object_store_url() {
            Some(url) => {
                FileStore::s3(url, config.object_store_endpoint(), AmazonS3Builder::from_env())
            }
            None => FileStore::local(&config.data_dir.join("files")),
        }
    }

    /// Files in the folder `root` (created when missing).
    pub fn local(root: &FsPath) -> Result<FileStore, FileStoreError> {
        std::fs::create_dir_all(root)
            .map_err(|e| FileStoreError(format!("creating {}: {e}", root.display())))?;
        // Empty node folders go with their last file, as they did before.
        let store =
            LocalFileSystem::new_with_prefix(root)?.with_automatic_cleanup(true).with_fsync(true);
        Ok(FileStore { store: Arc::new(store), local_root: Some(root.to_owned()) })
    }

    /// Files in the bucket of `url` (`s3://bucket/prefix`), built on
    /// `builder` (credentials, region). `endpoint` points it at an
    /// S3-compatible server; plain http is allowed there, since one on the
    /// same network often has no TLS.
    pub fn s3(
        url: &str,
        endpoint: Option<&str>,
        builder: AmazonS3Builder,
    ) -> Result<FileStore, FileStoreError> {
        let parsed = url::Url::parse(url)
            .map_err(|e| FileStoreError(format!("DASTYAR_OBJECT_STORE_URL {url:?}: {e}")))?;
        let mut builder = builder.with_url(url);
        if let Some(endpoint) = endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"))
                // S3-compatible servers name the bucket in the path.
                .with_virtual_hosted_style_request(false);
        }
        let bucket = builder.build()?;
        let prefix = parsed.path().trim_matches('/');
        let store: Arc<dyn ObjectStore> = if prefix.is_empty() {
            Arc::new(bucket)
        } else {
            Arc::new(PrefixStore::new(bucket, Path::from(prefix)))
        };
        Ok(FileStore { store, local_root: None })
    }

    /// One file's key.
    pub fn key(node_id: i64, file_id: i64) -> Path {
        Path::from_iter([node_id.to_string(), file_id.to_string()])
    }

    /// The folder on this server's disk, when the files are kept there.
    pub fn local_root(&self) -> Option<&FsPath> {
        self.local_root.as_deref()
    }

    /// Starts an upload under a fresh staging key.
    pub async fn stage(&self) -> Result<Staging, FileStoreError> {
        let key = Path::from_iter([STAGING.to_owned(), format!("{:016x}", rand::random::<u64>())]);
        let upload = self.store.put_multipart(&key).await?;
        Ok(Staging { writer: WriteMultipart::new(upload), key })
    }

    /// Moves a staged upload to its file's key.
    pub async fn promote(
        &self,
        staged: &Path,
        node_id: i64,
        file_id: i64,
    ) -> Result<(), FileStoreError> {
        Ok(self.store.rename(staged, &FileStore::key(node_id, file_id)).await?)
    }

    /// A staged upload no one will promote.
    pub async fn discard(&self, staged: &Path) {
        if let Err(error) = self.delete(staged).await {
            tracing::warn!(%error, key = %staged, "a staged upload stayed");
        }
    }

    /// A file's bytes as a stream, with its size; `None` when there are none.
    pub async fn get(
        &self,
        node_id: i64,
        file_id: i64,
    ) -> Result<Option<GetResult>, FileStoreError> {
        match self.store.get(&FileStore::key(node_id, file_id)).await {
            Ok(found) => Ok(Some(found)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// A file's bytes, whole; `None` when there are none.
    pub async fn read(&self, node_id: i64, file_id: i64) -> Result<Option<Bytes>, FileStoreError> {
        match self.get(node_id, file_id).await? {
            Some(found) => Ok(Some(found.bytes().await?)),
            None => Ok(None),
        }
    }

    /// Removes one file (none there is no error).
    pub async fn remove(&self, node_id: i64, file_id: i64) -> Result<(), FileStoreError> {
        self.delete(&FileStore::key(node_id, file_id)).await
    }

    /// Removes every file of a node.
    pub async fn remove_node(&self, node_id: i64) -> Result<(), FileStoreError> {
        let prefix = Path::from(node_id.to_string());
        let keys = self.store.list(Some(&prefix)).map_ok(|meta| meta.location).boxed();
        let mut deleted = self.store.delete_stream(keys);
        while let Some(result) = deleted.next().await {
            match result {
                Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                Err(error) => return Err(error.into()),
            }
        }
        Ok(())
    }

    /// Removes staged uploads older than `older_than`, left when a server
    /// stopped mid-upload; how many went. In a bucket, a multipart upload
    /// never completed is invisible and left to the bucket's lifecycle rule.
    pub async fn sweep_staging(&self, older_than: Duration) -> Result<usize, FileStoreError> {
        if let Some(root) = &self.local_root {
            // Read as a folder: a listing hides the `#` files of unfinished uploads.
            return Ok(sweep_folder(&root.join(STAGING), older_than).await);
        }
        let now = chrono::Utc::now();
        let stale = |modified: chrono::DateTime<chrono::Utc>| {
            (now - modified).to_std().is_ok_and(|age| age >= older_than)
        };
        let staged: Vec<_> =
            self.store.list(Some(&Path::from(STAGING))).try_collect::<Vec<_>>().await?;
        let mut removed = 0;
        for meta in staged.into_iter().filter(|meta| stale(meta.last_modified)) {
            self.delete(&meta.location).await?;
            removed += 1;
        }
        Ok(removed)
    }

    async fn delete(&self, key: &Path) -> Result<(), FileStoreError> {
        match self.store.delete(key).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }
}

/// Removes the files in `dir` older than `older_than`; failures are logged.
async fn sweep_folder(dir: &FsPath, older_than: Duration) -> usize {
    let Ok(mut entries) = tokio::fs::read_dir(dir).await else { return 0 };
    let mut removed = 0;
    while let Ok(Some(entry)) = entries.next_entry().await {
        let stale = match entry.metadata().await.and_then(|m| m.modified()) {
            Ok(modified) => modified.elapsed().is_ok_and(|age| age >= older_than),
            Err(_) => false,
        };
        if !stale {
            continue;
        }
        match tokio::fs::remove_file(entry.path()).await {
            Ok(()) => removed += 1,
            Err(e) => {
                tracing::warn!(path = %entry.path().display(), "could not remove a stale upload: {e}")
            }
        }
    }
    removed
}

/// An upload being written to its staging key.
pub struct Staging {
    writer: WriteMultipart,
    key: Path,
}

impl Staging {
    /// Adds the next bytes, waiting while too many parts are in flight.
    pub async fn write(&mut self, chunk: Bytes) -> Result<(), FileStoreError> {
        self.writer.wait_for_capacity(PARTS_IN_FLIGHT).await?;
        self.writer.put(chunk);
        Ok(())
    }

    /// Completes the upload; its staging key.
    pub async fn finish(self) -> Result<Path, FileStoreError> {
        self.writer.finish().await?;
        Ok(self.key)
    }

    /// Gives the upload up, leaving nothing behind.
    pub async fn abort(self) {
        if let Err(error) = self.writer.abort().await {
            tracing::warn!(%error, key = %self.key, "an abandoned upload stayed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_keyed_by_node_then_file() {
        assert_eq!(FileStore::key(4, 2).as_ref(), "4/2");
    }

    #[test]
    fn a_bucket_url_keeps_its_prefix() {
        let builder = AmazonS3Builder::new().with_region("us-east-1");
        let store = FileStore::s3("s3://files/dastyar", Some("http://127.0.0.1:9"), builder);
        assert!(format!("{:?}", store.unwrap()).contains("dastyar"));
        let bad = FileStore::s3("not a url", None, AmazonS3Builder::new());
        assert!(bad.is_err());
    }
}
