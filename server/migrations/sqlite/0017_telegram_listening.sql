-- A telegram node says how its bot is heard (SQLite): `listening` in its
-- payload is `webhook` or `polling` while the bot is connected to Telegram,
-- absent otherwise, so the card can tell a working bot from one never
-- connected. The twin is ../postgres/0017_telegram_listening.sql: keep the
-- two identical in meaning. Bots connected before it are marked here.

UPDATE nodes
SET data = json_set(data, '$.listening', (SELECT mode FROM telegram_bots b WHERE b.node_id = nodes.id))
WHERE kind = 'telegram'
  AND id IN (SELECT node_id FROM telegram_bots WHERE mode IN ('webhook', 'polling'));
