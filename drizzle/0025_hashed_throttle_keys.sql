-- Throttle counters keep a keyed hash of what they count per (issue 42 #4, docs/decisions/0037): a key is now
-- `<scope>:<ip|email|staff>:<32 hex digits>` and never holds an email or a client address in clear. The counters
-- written before this release held addresses; they cannot be rehashed here (the key lives in settings or is drawn
-- at start), and they need not be: a counter lives one window (15 minutes by default) and is purged after it.
-- They are deleted, so an upgrade resets every throttle once, which costs at most one window of attempts.
DELETE FROM "rate_limits" WHERE "key" !~ '^[a-z-]+:(ip|email|staff):[0-9a-f]{32}(:[a-z-]+)?$';
