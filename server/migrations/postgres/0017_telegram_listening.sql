-- A telegram node says how its bot is heard (PostgreSQL): `listening` in
-- its payload is `webhook` or `polling` while the bot is connected to
-- Telegram, absent otherwise, so the card can tell a working bot from one
-- never connected. The twin is ../sqlite/0017_telegram_listening.sql: keep
-- the two identical in meaning. Bots connected before it are marked here.

UPDATE nodes
SET data = (data::jsonb || jsonb_build_object('listening', b.mode))::text
FROM telegram_bots b
WHERE b.node_id = nodes.id
  AND nodes.kind = 'telegram'
  AND b.mode IN ('webhook', 'polling');
