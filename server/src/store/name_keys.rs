//! Reserved names under the current rules. A reserved name is stored as its key (`text::key_of`),
//! which SQL cannot compute: keys of an earlier kind (the name in lower case, before keys were
//! skeletons) or of other Unicode data are computed again here, at start, after the migrations.
//! Such keys are told by their tag (`text::KEY_TAG`), not by a column: a node of an earlier version
//! writing a key during a rolling upgrade leaves one without the tag, which the next start mends.
//!
//! Two names that had different keys may now have one (`victim1` and `victiml`). The older player
//! keeps the name; the other becomes a guest again (its password cleared, its tokens and matches
//! kept), and the log says who lost it to whom. A key made under the current rules, by a node
//! already upgraded, stands.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

/// What [`Store::rekey_reserved_names`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Rekeyed {
    /// Reserved names whose key was computed again.
    pub rekeyed: usize,
    /// Players who lost their name to an older one with the same key: (loser, holder).
    pub lost: Vec<(Uuid, Uuid)>,
}

/// Attempts at most: another node may reserve a key while this one rekeys (a unique violation
/// rolls the whole pass back, and it runs again on what is left).
const ATTEMPTS: usize = 3;

impl Store {
    /// Computes again every stored key that lacks the current tag, oldest player first.
    pub async fn rekey_reserved_names(&self) -> Result<Rekeyed, StoreError> {
        let mut attempt = 1;
        loop {
            match self.rekey_once().await {
                Err(StoreError::Conflict(e)) if attempt < ATTEMPTS => {
                    tracing::warn!(error = %e, "a name was reserved while keys were computed again; once more");
                    attempt += 1;
                }
                done => return done,
            }
        }
    }

    /// One pass in one transaction: the stale keys are cleared first, so that a new key never
    /// meets an old one (an old `victirnl` is no longer anybody's), then set again oldest first.
    async fn rekey_once(&self) -> Result<Rekeyed, StoreError> {
        let tag = crate::text::KEY_TAG.as_str();
        // Characters, as `substr` counts them; the tag is ASCII, and a few dozen long.
        let tag_chars = i32::try_from(tag.chars().count()).expect("a short tag");
        on_pool!(self, |pool| {
            async {
                let mut tx = pool.begin().await?;
                let mut stale: Vec<(Uuid, String, DateTime<Utc>)> = sqlx::query_as(
                    "UPDATE players SET reserved_name = NULL
                      WHERE reserved_name IS NOT NULL AND substr(reserved_name, 1, $1) <> $2
                      RETURNING id, name, created_at",
                )
                .bind(tag_chars)
                .bind(tag)
                .fetch_all(&mut *tx)
                .await?;
                stale.sort_by_key(|(id, _, created_at)| (*created_at, *id));
                let mut done = Rekeyed {
                    rekeyed: stale.len(),
                    lost: Vec::new(),
                };
                for (id, name, _) in stale {
                    let key = crate::text::key_of(&name);
                    let holder: Option<(Uuid, String)> =
                        sqlx::query_as("SELECT id, name FROM players WHERE reserved_name = $1")
                            .bind(&key)
                            .fetch_optional(&mut *tx)
                            .await?;
                    if let Some((holder, holder_name)) = holder {
                        tracing::warn!(player = %id, name, holder = %holder, holder_name,
                            "two reserved names look alike: the older keeps it, this player is a guest again");
                        sqlx::query("UPDATE players SET password_hash = NULL WHERE id = $1")
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                        done.lost.push((id, holder));
                    } else {
                        sqlx::query("UPDATE players SET reserved_name = $1 WHERE id = $2")
                            .bind(&key)
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                    }
                }
                tx.commit().await?;
                Ok(done)
            }
            .await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::key_of;

    /// A player as an earlier version stored it: with a password, its key the name in lower case.
    async fn old_account(pool: &sqlx::SqlitePool, name: &str, age_secs: i64) -> Uuid {
        let id = Uuid::new_v4();
        let created_at = Utc::now() - chrono::Duration::seconds(age_secs);
        sqlx::query(
            "INSERT INTO players (id, name, token_hash, created_at, password_hash, reserved_name)
             VALUES ($1, $2, $3, $4, 'hash', $5)",
        )
        .bind(id)
        .bind(name)
        .bind(id.to_string())
        .bind(created_at)
        .bind(name.to_lowercase())
        .execute(pool)
        .await
        .unwrap();
        id
    }

    #[tokio::test]
    async fn old_keys_are_computed_again_and_the_older_name_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("names.db").display());
        let store = Store::connect(&url, 1).await.unwrap();
        store.migrate().await.unwrap();
        let super::super::Backend::Sqlite(pool) = &store.backend else {
            unreachable!()
        };
        // `victiml` came after `Victim1`; under the old keys (lower case) both were reserved.
        let younger = old_account(pool, "victiml", 10).await;
        let victim = old_account(pool, "Victim1", 20).await;
        let carol = old_account(pool, "Carol", 5).await;

        let done = store.rekey_reserved_names().await.unwrap();
        assert_eq!(
            done,
            Rekeyed {
                rekeyed: 3,
                lost: vec![(younger, victim)]
            }
        );
        for form in ["victim1", "vict\u{456}m1", "VICTIML"] {
            assert!(store.name_reserved(&key_of(form)).await.unwrap(), "{form}");
            let found = store.credentials(&key_of(form)).await.unwrap().unwrap();
            assert_eq!(found.player.id, victim, "{form}");
        }
        assert_eq!(
            store
                .credentials(&key_of("CAROL"))
                .await
                .unwrap()
                .unwrap()
                .player
                .id,
            carol
        );
        // The younger is a guest again: no password, no reserved name.
        let (hash, reserved): (Option<String>, Option<String>) =
            sqlx::query_as("SELECT password_hash, reserved_name FROM players WHERE id = $1")
                .bind(younger)
                .fetch_one(pool)
                .await
                .unwrap();
        assert_eq!((hash, reserved), (None, None));

        // Keys under the current rules stay as they are.
        assert_eq!(
            store.rekey_reserved_names().await.unwrap(),
            Rekeyed::default()
        );
    }
}
