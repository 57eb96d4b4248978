-- handlens store: one DuckDB file. Money is DECIMAL, never floating point.
-- A hand's key is (site, hand_id); child tables carry it.

CREATE TABLE IF NOT EXISTS meta (
    key VARCHAR NOT NULL,
    value VARCHAR
);

CREATE TABLE IF NOT EXISTS files (
    file_id INTEGER NOT NULL,
    path VARCHAR NOT NULL,
    size BIGINT NOT NULL,
    hash VARCHAR NOT NULL,            -- blake2b of the whole file as imported
    resume_offset BIGINT NOT NULL,    -- bytes before the first hand not yet complete
    prefix_hash VARCHAR NOT NULL,     -- blake2b of the bytes before resume_offset
    format VARCHAR,                   -- 'pokerstars', or the room not supported yet
    encoding VARCHAR,
    hands INTEGER NOT NULL,           -- hand texts found (all imports of this file)
    errors INTEGER NOT NULL,          -- of which could not be parsed
    imported_at TIMESTAMP NOT NULL
);

CREATE TABLE IF NOT EXISTS hands (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    file_id INTEGER NOT NULL,
    byte_offset BIGINT NOT NULL,
    byte_length BIGINT NOT NULL,
    line INTEGER NOT NULL,
    game VARCHAR NOT NULL,
    supported BOOLEAN NOT NULL,       -- false: a game the engine does not play
    structure VARCHAR,                -- NL, PL, FL, PL/NL
    currency VARCHAR,                 -- USD, EUR, ..., 'chips' (tournaments), 'play'
    small_blind DECIMAL(18, 2),
    big_blind DECIMAL(18, 2),
    ante DECIMAL(18, 2),
    cap DECIMAL(18, 2),
    small_bet DECIMAL(18, 2),
    big_bet DECIMAL(18, 2),
    table_name VARCHAR,
    max_seats SMALLINT,
    button_seat SMALLINT,
    played_at TIMESTAMP,              -- the room's local clock
    time_zone VARCHAR,
    played_at_utc TIMESTAMP,
    tournament_id VARCHAR,
    tournament_level VARCHAR,
    buy_in VARCHAR,                   -- as written: '$5.00+$0.50 USD', 'Freeroll'
    buy_in_amount DECIMAL(18, 2),     -- its total cost (prize pool, bounty and fee); NULL: not known
    buy_in_currency VARCHAR,          -- ISO code, 'FPP' / 'SC' (points); NULL: none written
    zoom BOOLEAN,
    hero VARCHAR,
    players SMALLINT,                 -- dealt in
    board VARCHAR,                    -- first run, e.g. 'Qh Ad Ts As Qd'
    boards VARCHAR[],                 -- every run (run it twice)
    total_pot DECIMAL(18, 2),         -- as the SUMMARY wrote it
    rake DECIMAL(18, 2),
    fees DECIMAL(18, 2),              -- jackpot and other fees taken from the pot (SUMMARY)
    added DECIMAL(18, 2),             -- money the room put into the pot (a splash)
    summary_pots DECIMAL(18, 2)[],    -- main pot, side pot-1, ... when written
    content VARCHAR,                  -- digest of what every player at the table saw
                                      -- (seats, stacks, actions, boards, pots): two
                                      -- copies of a hand differ in it only if edited
    raw_text VARCHAR,                 -- kept for hands of unsupported games
    kind VARCHAR,                     -- cash, tournament, play (play money); NULL: unsupported
    table_order SMALLINT[]            -- the seats clockwise where their numbers are not
                                      -- (Bovada's entry numbers); NULL: numbers are places
);

-- a hand read again (same site and hand id) from another place: the hand is stored
-- once, each further copy here with its place and content digest; a copy whose
-- content differs from the stored hand's is an edited copy (pipeline/audit.py)
CREATE TABLE IF NOT EXISTS hand_copies (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    file_id INTEGER NOT NULL,
    byte_offset BIGINT NOT NULL,
    byte_length BIGINT NOT NULL,
    line INTEGER NOT NULL,
    content VARCHAR
);

CREATE TABLE IF NOT EXISTS hand_players (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    seat SMALLINT NOT NULL,
    player VARCHAR NOT NULL,
    position VARCHAR,                 -- UTG ... BTN, SB, BB (NULL: not dealt in)
    position_group VARCHAR,           -- EP, MP, CO, BTN, SB, BB
    stack DECIMAL(18, 2) NOT NULL,
    sitting_out BOOLEAN NOT NULL,
    bounty DECIMAL(18, 2),
    hole_cards VARCHAR,               -- 'Ah Kd' where known
    is_hero BOOLEAN NOT NULL,
    invested DECIMAL(18, 2) NOT NULL, -- every chip put in, less uncalled bets returned
    collected DECIMAL(18, 2) NOT NULL,-- from pots, and cash-outs
    net DECIMAL(18, 2) NOT NULL,
    -- the stat flags of docs/STATS.md (pipeline.stats.catalogue.STATS_VERSION), NULL for a player not dealt in:
    -- two bit sets (bit i: pipeline.stats.catalogue.RATIOS[i]), read through the views below
    played_at TIMESTAMP,              -- the hand's, UTC where known (no join for dates)
    hand_class VARCHAR,               -- AA, AKs, AKo, ... where the cards are known
    chances BIGINT,
    dones BIGINT,
    post_bets INTEGER,                -- after the flop
    post_raises INTEGER,
    post_calls INTEGER,
    post_folds INTEGER,
    net_bb DECIMAL(18, 4),
    rake_share DECIMAL(18, 4),
    allin_adj_net DECIMAL(18, 4),     -- NULL: an all-in before the flop, not computed yet
    currency VARCHAR,                 -- the hand's (no join for the money's unit)
    chips_added DECIMAL(18, 2),       -- received after the hand, as written (a rebuy, an add-on)
    kind VARCHAR,                     -- the hand's: cash, tournament, play (no join)
    anonymous BOOLEAN,                -- a seat label, not a person (the room writes no names)
    effective_bb DECIMAL(18, 2)       -- at the start: the smaller of the stack and the largest other, in bb
);

CREATE TABLE IF NOT EXISTS actions (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    seq INTEGER NOT NULL,
    street TINYINT NOT NULL,          -- 0 posts, 1 preflop, 2 flop, 3 turn, 4 river, 5 showdown
    player VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,            -- post_sb, post_bb, post_ante, fold, check, call, bet, raise, ...
    amount DECIMAL(18, 2) NOT NULL,   -- chips this action adds
    raise_to DECIMAL(18, 2),
    all_in BOOLEAN NOT NULL
);

CREATE TABLE IF NOT EXISTS collections (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    player VARCHAR NOT NULL,
    pot SMALLINT,                     -- 0 the main pot, 1, 2, ... side pots; NULL the pot
                                      -- as a whole (the only one, or all written as one)
    run TINYINT NOT NULL,
    amount DECIMAL(18, 2) NOT NULL,
    cash_out BOOLEAN NOT NULL         -- paid by the room for a cash-out, not from a pot
);

CREATE TABLE IF NOT EXISTS showdowns (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    player VARCHAR NOT NULL,
    run TINYINT NOT NULL,
    cards VARCHAR,
    shown BOOLEAN NOT NULL,
    hand_name VARCHAR                 -- as the room printed it
);

-- a player out of a tournament, or its winner, as a hand's line writes it
CREATE TABLE IF NOT EXISTS tournament_finishes (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,         -- the hand that wrote it
    tournament_id VARCHAR NOT NULL,
    player VARCHAR NOT NULL,
    place INTEGER,                    -- 1 the winner; NULL where the line names none
    prize DECIMAL(18, 2),             -- NULL: none written (or not money: a ticket)
    currency VARCHAR                  -- the prize's
);

-- a player's tournament as its summary file tells it (parsers/<room>/summary.py): one row
-- per (site, tournament, player), the latest summary read of it
CREATE TABLE IF NOT EXISTS tournament_results (
    site VARCHAR NOT NULL,
    tournament_id VARCHAR NOT NULL,
    player VARCHAR,                   -- whose summary (NULL: not named; the hero)
    file_id INTEGER,                  -- the summary's file
    name VARCHAR,                     -- the tournament's title, where written
    buy_in VARCHAR,                   -- as written
    cost DECIMAL(18, 2),              -- one entry: prize pool, bounty and fee together
    bounty_part DECIMAL(18, 2),
    fee DECIMAL(18, 2),
    currency VARCHAR,
    entries INTEGER NOT NULL,         -- 1 + re-entries
    paid DECIMAL(18, 2),              -- every entry
    players INTEGER,
    prize_pool DECIMAL(18, 2),
    started TIMESTAMP,                -- the room's clock
    place INTEGER,
    prize DECIMAL(18, 2),             -- the place's prize money (bounties apart)
    bounties DECIMAL(18, 2),          -- where written apart
    received DECIMAL(18, 2),          -- everything the player took home
    payouts DECIMAL(18, 2)[]          -- each place's prize, first first, where listed
);

-- the audit between hands (pipeline/audit.py), done again at the end of each import:
-- each table session, and each finding naming two hands (the hand and the other one:
-- the hand before it, or the copy read); never part of a hand's own verdict
CREATE TABLE IF NOT EXISTS audit_sessions (
    tbl VARCHAR NOT NULL,             -- room, tournament and table name
    session INTEGER NOT NULL,
    site VARCHAR,
    table_name VARCHAR,
    tournament_id VARCHAR,
    start TIMESTAMP,
    "end" TIMESTAMP,
    hands INTEGER,
    first_hand VARCHAR,
    last_hand VARCHAR,
    players VARCHAR[],
    kind VARCHAR                      -- cash, tournament, play
);

CREATE TABLE IF NOT EXISTS audit_findings (
    code VARCHAR NOT NULL,            -- pipeline/audit.py CODES
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    file_id INTEGER,
    line INTEGER,
    other_hand_id VARCHAR,
    other_file_id INTEGER,
    other_line INTEGER,
    player VARCHAR,
    message VARCHAR NOT NULL,
    tbl VARCHAR,
    session INTEGER
);

CREATE TABLE IF NOT EXISTS verdicts (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    status VARCHAR NOT NULL,          -- ok, warning, failed, unverifiable, unsupported
    findings INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS findings (
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    seq INTEGER NOT NULL,
    code VARCHAR NOT NULL,            -- engine/rules/replay.py CODES
    severity VARCHAR NOT NULL,        -- error, warning, unverifiable
    street TINYINT,
    action INTEGER,                   -- actions.seq of the action concerned
    message VARCHAR NOT NULL
);

-- one row per player dealt in per hand: the stat flags as stored, and, in the view
-- player_hand_stats, a <stat>_chance and a <stat>_done column for each stat
CREATE OR REPLACE VIEW player_hand_flags AS
SELECT site, hand_id, player, played_at, position, position_group, hand_class, chances, dones,
    post_bets, post_raises, post_calls, post_folds, invested, collected, net, net_bb,
    rake_share, allin_adj_net, kind, currency, anonymous, effective_bb
FROM hand_players
WHERE chances IS NOT NULL;

CREATE OR REPLACE VIEW player_hand_stats AS
SELECT site, hand_id, player, played_at, position, position_group, hand_class,
    (chances & 1) <> 0 AS vpip_chance, (dones & 1) <> 0 AS vpip_done,
    (chances & 2) <> 0 AS pfr_chance, (dones & 2) <> 0 AS pfr_done,
    (chances & 4) <> 0 AS limp_chance, (dones & 4) <> 0 AS limp_done,
    (chances & 8) <> 0 AS rfi_chance, (dones & 8) <> 0 AS rfi_done,
    (chances & 16) <> 0 AS three_bet_chance, (dones & 16) <> 0 AS three_bet_done,
    (chances & 32) <> 0 AS four_bet_chance, (dones & 32) <> 0 AS four_bet_done,
    (chances & 64) <> 0 AS fold_to_three_bet_chance, (dones & 64) <> 0 AS fold_to_three_bet_done,
    (chances & 128) <> 0 AS cold_call_chance, (dones & 128) <> 0 AS cold_call_done,
    (chances & 256) <> 0 AS squeeze_chance, (dones & 256) <> 0 AS squeeze_done,
    (chances & 512) <> 0 AS steal_chance, (dones & 512) <> 0 AS steal_done,
    (chances & 1024) <> 0 AS fold_sb_to_steal_chance, (dones & 1024) <> 0 AS fold_sb_to_steal_done,
    (chances & 2048) <> 0 AS fold_bb_to_steal_chance, (dones & 2048) <> 0 AS fold_bb_to_steal_done,
    (chances & 4096) <> 0 AS saw_flop_chance, (dones & 4096) <> 0 AS saw_flop_done,
    (chances & 8192) <> 0 AS saw_turn_chance, (dones & 8192) <> 0 AS saw_turn_done,
    (chances & 16384) <> 0 AS saw_river_chance, (dones & 16384) <> 0 AS saw_river_done,
    (chances & 32768) <> 0 AS cbet_flop_chance, (dones & 32768) <> 0 AS cbet_flop_done,
    (chances & 65536) <> 0 AS cbet_turn_chance, (dones & 65536) <> 0 AS cbet_turn_done,
    (chances & 131072) <> 0 AS fold_to_cbet_flop_chance, (dones & 131072) <> 0 AS fold_to_cbet_flop_done,
    (chances & 262144) <> 0 AS wtsd_chance, (dones & 262144) <> 0 AS wtsd_done,
    (chances & 524288) <> 0 AS wsd_chance, (dones & 524288) <> 0 AS wsd_done,
    (chances & 1048576) <> 0 AS wwsf_chance, (dones & 1048576) <> 0 AS wwsf_done,
    (chances & 2097152) <> 0 AS donk_flop_chance, (dones & 2097152) <> 0 AS donk_flop_done,
    (chances & 4194304) <> 0 AS donk_turn_chance, (dones & 4194304) <> 0 AS donk_turn_done,
    (chances & 8388608) <> 0 AS donk_river_chance, (dones & 8388608) <> 0 AS donk_river_done,
    (chances & 16777216) <> 0 AS fold_to_four_bet_chance, (dones & 16777216) <> 0 AS fold_to_four_bet_done,
    (chances & 33554432) <> 0 AS cbet_river_chance, (dones & 33554432) <> 0 AS cbet_river_done,
    (chances & 67108864) <> 0 AS fold_to_cbet_turn_chance, (dones & 67108864) <> 0 AS fold_to_cbet_turn_done,
    (chances & 134217728) <> 0 AS fold_to_cbet_river_chance, (dones & 134217728) <> 0 AS fold_to_cbet_river_done,
    (chances & 268435456) <> 0 AS raise_cbet_flop_chance, (dones & 268435456) <> 0 AS raise_cbet_flop_done,
    (chances & 536870912) <> 0 AS check_raise_flop_chance, (dones & 536870912) <> 0 AS check_raise_flop_done,
    (chances & 1073741824) <> 0 AS probe_turn_chance, (dones & 1073741824) <> 0 AS probe_turn_done,
    (chances & 2147483648) <> 0 AS float_flop_chance, (dones & 2147483648) <> 0 AS float_flop_done,
    (chances & 4294967296) <> 0 AS three_bet_vs_steal_chance, (dones & 4294967296) <> 0 AS three_bet_vs_steal_done,
    post_bets, post_raises, post_calls, post_folds, invested, collected, net, net_bb, rake_share,
    allin_adj_net, kind, currency, anonymous, effective_bb
FROM player_hand_flags;

CREATE TABLE IF NOT EXISTS parse_errors (
    file_id INTEGER NOT NULL,
    path VARCHAR NOT NULL,
    byte_offset BIGINT NOT NULL,
    line INTEGER NOT NULL,            -- line of the file
    reason VARCHAR NOT NULL,
    raw_text VARCHAR NOT NULL,
    detail VARCHAR                    -- an internal error's traceback, for a bug report
);

-- a person's words (notes) and marks (tags) on a hand, on one of its actions (a
-- decision: "the river call"), or on a player (an opponent's read): tables of their
-- own, keyed by what they are about, so that importing the files again, `verify
-- --recheck` and an upgrade never touch them (pipeline/store/notes.py)
CREATE TABLE IF NOT EXISTS notes (
    note_id INTEGER NOT NULL,
    site VARCHAR NOT NULL,
    hand_id VARCHAR,                  -- NULL: a note on the player
    seq INTEGER,                      -- actions.seq: on that action; NULL: on the hand
    player VARCHAR,                   -- on a player (hand_id NULL)
    text VARCHAR NOT NULL,
    written_at TIMESTAMP NOT NULL
);

-- one person behind several screen names (a student who plays on three sites): the
-- stats, Compare, reports and the report card of a person are those of all their
-- names (pipeline/store/aliases.py); kept as notes are
CREATE TABLE IF NOT EXISTS aliases (
    person VARCHAR NOT NULL,
    site VARCHAR NOT NULL,
    player VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS tags (
    site VARCHAR NOT NULL,
    hand_id VARCHAR,                  -- NULL: a tag on the player
    seq INTEGER,                      -- actions.seq: on that action; NULL: on the hand
    player VARCHAR,
    tag VARCHAR NOT NULL,
    source VARCHAR NOT NULL,          -- 'user', or the auto-tag rule that set it
    tagged_at TIMESTAMP NOT NULL
);
