"""English texts. Same keys as :mod:`game.texts.es`."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "title": "Pirámide",
    # top bar and status bar
    "deal": "Deal {n}",
    "deal_daily": "Daily deal {n}",
    "deal_variant": "{variant}: deal {n}",
    "label_solvable": "Proven solvable",
    "label_unsolvable": "Proven unsolvable",
    "label_unknown": "Undetermined",
    "label_hidden": "May have no solution",
    "pass": "pass {n} of {p}",
    "pass_open": "pass {n}",
    "removed": "{n} of {total}",
    "removed_all": "{n} of {total}",
    "stock": "stock: {n}",
    "cell_status": "cell: {card}",
    "columns_left": "columns: {n}",
    "pile_stock": "Stock",
    "pile_waste": "Waste",
    "pile_cell": "Cell",
    "pile_reserve": "Reserve",
    "time": "time {t}",
    "moves_one": "1 move",
    "moves_many": "{n} moves",
    # controls
    "btn_undo": "Undo",
    "btn_hint": "Hint",
    "btn_new": "New deal",
    "btn_rules": "Rules",
    "btn_analyse": "Still winnable?",
    "btn_draw": "Draw",
    "btn_recycle": "Recycle",
    "btn_settings": "Settings",
    "btn_analyse_short": "Winnable?",
    "btn_new_short": "New",
    "btn_close": "Close",
    "btn_cancel": "Cancel",
    "btn_replay": "Replay deal",
    "btn_look": "Look at the board",
    "btn_undo_last": "Undo last move",
    "btn_rewind": "Back to the last winnable step",
    "btn_plain_hint": "Hint",
    "btn_prev": "‹ Previous",
    "btn_next": "Next ›",
    # refusals (rules.Refusal codes)
    "not_13": "those two don't add up to 13",
    "covered": "that card is still covered",
    "only_with_cover": "that card can only go together with the card lying on it",
    "nothing_to_draw": "no cards left to turn over",
    "stock_not_empty": "you can recycle when the stock is empty",
    "no_recycles_left": "no recycles left",
    "waste_empty": "nothing in the waste pile to recycle",
    "not_a_king": "only a King goes without a partner",
    "no_card": "there is no card there",
    "face_down": "the stock card is face down: draw to turn it up",
    "no_stock": "there is no stock here: every card is face up",
    "no_slot": "this pyramid has no such place",
    "waste_top_only": "in the Tomb only the top card of the waste plays",
    "no_place": "this variant has no such place",
    "no_cell": "this variant has no cell",
    "cell_full": "the cell already holds a card: it leaves only in a pair",
    "cell_how": "the cell is empty: select a free card first, then tap the cell",
    "king_alone": "a King never enters the cell: the King goes alone",
    "game_won": "the pyramid is already cleared",
    # other lines under the table
    "welcome": "Tap a free card, then its partner: together they must add up to {sum}",
    "welcome_all": ("To win, all {total} cards must go, the stock and the waste too; pairs add up to {sum}"),
    "pyramid_cleared_all": "Pyramid cleared: to win, clear the stock and the waste too",
    "pyramid_cleared_reserve": "Pyramid cleared: to win, clear the reserve too",
    "pyramid_cleared_one_cell": "Pyramid cleared: to win, the card in the cell must go too",
    "bad_address_one": "Page address: {options} is not valid; {outcome}",
    "bad_address_many": "Page address: {options} are not valid; {outcome}",
    "address_option": "“{name}={value}”",
    "address_resumes": "your saved game goes on",
    "address_asks": "you are asked before your saved game is left",
    "address_deal": "deal no. {n} is played",
    "address_random": "a random deal is played",
    "labels_missing": "Label table missing or unreadable: deals may have no solution",
    "no_partner": "no card adds up to {sum} with this one right now",
    "not_sum": "{a} and {b} do not add up to {sum}",
    "only_with_cover_named": "{a} can only go together with {b}, the card lying on it",
    "passes_unlabelled": "Unlimited passes: no proven deals yet; may have no solution",
    "variant_unlabelled": "{variant}: no proven deals yet; may have no solution",
    "nothing_to_undo": "nothing to undo",
    "par_no_undo": "this deal is already scored in the par match: go on with another",
    "hint_pair": "Hint: {a} with {b}",
    "hint_king": "Hint: remove {a}",
    "hint_king_reserve": "Hint: remove {a} from the reserve",
    "hint_pair_reserve": "Hint: {a} with {b} from the reserve",
    "hint_pair_reserves": "Hint: {a} with {b}, both from the reserve",
    "hint_store": "Hint: put {a} into the cell",
    "hint_draw": "Hint: draw a card from the stock",
    "hint_recycle": "Hint: recycle the waste into the stock",
    "hint_none": "no move left",
    "analysis_busy": "searching for a solution",
    "analysis_label_winnable": "Yes: this deal is proven solvable",
    "analysis_winnable": "Yes: this position can still be won",
    "analysis_unknown": "undetermined (this does not mean there is no solution)",
    "analysis_unknown_unseen": "undetermined: some stock cards are unseen (it may still be winnable)",
    "analysis_share": "It depends on the unseen cards: of {n} orders tried, won in {w}, not in {l}",
    "analysis_share_all": (
        "It depends on the unseen cards: won in all {n} orders tried (not every possible one)"
    ),
    "analysis_share_least": (
        "Not known yet: of {n} orders of the unseen cards tried, won in {w}, not in {l}, {u} unresolved"
    ),
    "analysis_share_exact": (
        "It depends on the unseen cards: wins in {p} % of their possible orders (all tried)"
    ),
    "analysis_cut": "cut short by time: undetermined (this does not mean there is no solution)",
    "analysis_cut_share": (
        "Cut short by time: of {n} orders of the unseen cards tried, won in {w}, not in {l}, {u} unresolved"
    ),
    "rewind_busy": "looking for the last position that can still be won",
    "rewind_done": "Back to the last position that can still be won ({n} back)",
    "rewind_start": "Back to the deal's start, which is proven solvable ({n} back)",
    "rewind_none": "No earlier position can be won: try replaying the deal",
    "rewind_done_some": (
        "Back to a position that can still be won ({n} back); some later ones stayed undetermined"
    ),
    "rewind_none_all_orders": "No earlier position wins in every order of the unseen cards",
    "rewind_unknown": "undetermined: found no earlier position known to be winnable",
    "rewind_cut": "cut short by time: no winnable earlier position found in time (there may be one)",
    "won_line": "Pyramid cleared! Tap “New deal” to go on",
    "won_line_all": "Every card cleared! Tap “New deal” to go on",
    "won_line_reserve": "Pyramid and reserve cleared! Tap “New deal” to go on",
    "won_line_one_cell": "Pyramid and cell cleared! Tap “New deal” to go on",
    "dead_line_par": "No moves left: the deal is scored; go on with another",
    "dead_line": "No moves left: undo, replay or start another deal",
    "dead_line_cycle": "Proven: no pass removes a card any more; undo, replay or start another deal",
    "won_no_undo": "the game is won: it cannot be undone",
    "dead_no_help": "No moves left: nothing to hint; undo, replay or start another deal",
    "dead_line_unsolvable": "No moves left, and this deal has no solution: try another one",
    # win panel
    "win_title": "Pyramid cleared!",
    "win_title_all": "Every card cleared!",
    "win_title_reserve": "Pyramid and reserve cleared!",
    "win_title_one_cell": "Pyramid and cell cleared!",
    "figure_time": "time",
    "figure_moves": "moves · {u} undone",
    "win_time": "Time: {t}",
    "win_moves": "Moves: {n} (undone: {u})",
    "win_removed": "Cards removed: {n} of {total}",
    "win_removed_all": "Cards removed: {n} of {total}",
    "record_first": "Your best time on this deal: {t} (first win)",
    "record_beaten": "Your best time on this deal! Before: {t}",
    "record_best": "Your best time on this deal: {t}",
    "win_left": "Left in the stock and waste: {cards}",
    "win_left_none": "No cards left in the stock or the waste",
    "win_left_columns": "Left in the columns: {cards}",
    "win_left_none_columns": "No cards left in the columns",
    "win_copy": "Deal no. {n} · tap to copy",
    "copied": "Number {n} copied",
    "copied_name": "Copied: {name}",
    "copied_link": "Link to deal {n} copied",
    "copy_failed": "Could not copy; the number is {n}",
    "copy_failed_name": "Could not copy: {name}",
    "copy_failed_link": "Not copied: open the page with ?{q}",
    "verdict": "This deal: {label}",
    # dead-end panel
    "dead_title": "No moves left",
    "dead_body": "No pairs adding up to 13, no Kings, no cards to draw and no recycles left.",
    "dead_body_cycle": (
        "A whole pass through the stock and the waste removes no card, and then everything repeats: "
        "it is proven that no moves are left."
    ),
    # analysis: no longer winnable
    "lost_title": "No longer winnable",
    "lost_body": "From this position no sequence of moves clears the pyramid.",
    "lost_body_label": "This deal is proven to have no solution: try another one.",
    "lost_body_unseen": (
        "Even without knowing the cards left in the stock it is certain: "
        "from here no sequence of moves clears the pyramid."
    ),
    "lost_body_hint": "You have seen every stock card: from here this deal has no solution.",
    "lost_body_open": "Every card is face up: from here this deal has no solution.",
    # settings
    "settings_title": "Settings",
    "set_variant": "Variant",
    "variant_pyramid": "Pyramid",
    "variant_strict": "Strict",
    "variant_apophis": "Apophis",
    "variant_giza": "Giza",
    "variant_spanish": "Spanish deck",
    "variant_pyramid6": "Six rows",
    "variant_triangle": "Triangle",
    "variant_tut": "Tut's Tomb",
    "variant_reserve": "Reserve",
    "variant_reserve6": "Reserve of six",
    "variant_cell": "One cell",
    "set_par": "Par scoring",
    "set_passes": "Passes through the stock",
    "passes_unlimited": "unlimited",
    "set_overlap": "Overlap rule",
    "set_mode": "New deals",
    "set_lang": "Language",
    "set_motion": "Reduced motion",
    "set_sound": "Sound",
    "set_four_colour": "Four-colour deck",
    "set_large_index": "Large indices",
    "set_theme": "Theme",
    "theme_default": "Green",
    "theme_dark": "Dark",
    "theme_high-contrast": "High contrast",
    "set_text_size": "Text size",
    "set_hide_timer": "Hide the timer",
    "set_anim_speed": "Animations",
    "speed_slow": "Slow",
    "speed_normal": "Normal",
    "speed_fast": "Fast",
    "speed_none": "None",
    "set_left_handed": "Left-handed",
    "large_index_auto": "Already large at this size",
    "passes_no_stock": "No stock: no passes",
    "mode_solvable": "solvable only",
    "mode_solvable_unsure": "no table: no guarantee",
    "mode_random": "completely random",
    "yes": "Yes",
    "no": "No",
    "settings_note": "The variant, passes, the overlap rule and par scoring change from the next deal.",
    "settings_no_share": "With these rules no deal checked so far can be won.",
    "settings_rare_share": "With these rules only one deal in {n} can be won.",
    "settings_small_share": "With these rules only {pct} % of deals can be won.",
    # deal dialog
    "dialog_title": "New deal",
    "dialog_prompt": "Type a number from 1 to 20000, or deal at random.",
    "dialog_variant": "Variant: {name}",
    "dialog_random": "Random",
    "dialog_play": "Play no. {n}",
    "dialog_play_empty": "Play a number",
    "dialog_bad": "It must be a number from 1 to 20000",
    "dialog_bad_paste": "“{text}” is not a deal",
    "dialog_mode_solvable": "Random: solvable deals only",
    "dialog_mode_unsure": "Random: no label table, may have no solution",
    "dialog_mode_random": "Random: any deal",
    # kiosk (--kiosk)
    "kiosk_prompt_title": "Are you still there?",
    "kiosk_prompt_body": "If nobody touches the screen, a new game starts in {n} s.",
    "btn_continue": "Continue",
    "kiosk_tap_to_play": "Tap to play",
    "kiosk_demo": "Demo: how a deal with a solution is cleared",
    "kiosk_hear": "Tap here to hear the game",
    # saves, statistics, daily deal
    "save_damaged": "{what}: damaged file, kept aside{lost}",
    "save_newer": "{what}: written by a newer version of the game, kept aside{lost}",
    "save_older": "{what}: written by an older version of the game, kept aside{lost}",
    "save_lost": "; the game in progress is lost",
    "save_cut": "Saved game damaged: restored up to move {n}; its file kept aside",
    "notices_title": "Save files kept aside",
    "win_daily": "Daily deal won · daily streak: {n}",
    "win_daily_clean": "Daily deal won clean ★ · daily streak: {n}",
    "resumed": "Welcome back: your game goes on where you left it",
    "save_locked": "Pirámide is already open on these saves: this window will not save",
    "save_taken": "Another Pirámide window took these saves over: this one no longer saves",
    "save_failed": "Cannot save (disk full?): play on, but this game will not be kept",
    "doc_game": "Saved game",
    "doc_settings": "Settings",
    "doc_stats": "Statistics",
    "doc_daily": "Daily deal",
    "confirm_title": "Start another deal?",
    "confirm_title_number": "Start deal no. {n}?",
    "confirm_body": "The game in progress ({moves}) will count as lost in the statistics.",
    "confirm_body_kiosk": "The game in progress ({moves}) is left unfinished.",
    "btn_confirm_new": "Yes, another deal",
    "btn_keep_playing": "Keep playing",
    "btn_stats": "Statistics",
    "btn_daily": "Daily deal",
    "stats_title": "Statistics",
    "stats_rules": "{p} passes · overlap: {o}",
    "stats_rules_one": "1 pass · overlap: {o}",
    "stats_rules_unlimited": "unlimited passes · overlap: {o}",
    "stats_rules_no_stock": "overlap: {o}",
    "stats_played": "Games played",
    "stats_won": "Won",
    "stats_rate": "Win rate",
    "stats_best": "Best time",
    "stats_median": "Median time",
    "stats_fewest": "Fewest moves",
    "stats_streak": "Current streak",
    "stats_longest": "Longest streak",
    "stats_abandoned": "Abandoned (the kiosk reset with nobody there): {n}",
    "stats_chart": "Recent games: {w} of {n} won",
    "stats_chart_empty": "No games yet with these rules",
    "btn_reset": "Reset",
    "reset_title": "Reset the statistics?",
    "reset_body": "Those of these rules ({rules}) are erased. This cannot be undone.",
    "btn_reset_yes": "Yes, reset",
    "daily_title": "Daily deal",
    "daily_deal": "{date} · deal no. {n}",
    "daily_rules": "The same for everyone today; standard rules (3\u00a0passes, overlap)",
    "daily_new": "Not played yet",
    "daily_played": "Started, not won yet",
    "daily_won": "Won!",
    "daily_clean": "Won clean! (no hints, no undo)",
    "daily_streak": "Daily streak: {n}",
    "daily_legend": (
        "Last\u00a0{n}\u00a0days: ■\u00a0won\u00a0· ★\u00a0clean\u00a0"
        "· ○\u00a0started\u00a0· □\u00a0not\u00a0played"
    ),
    "btn_daily_play": "Play the daily deal",
    "btn_daily_back": "Back to the daily deal",
    "btn_daily_replay": "Won today: play it again",
    # par scoring
    "par_status": "par {n}/6: {total}",
    "par_score": "Score: {base} − {left} cards = {points}",
    "par_score_paired": "Score: {base} − {left} cards = {points} ({n} stock cards still pair up)",
    "par_standing": "Par match: deal {n} of 6 · total {total}",
    "par_best": "The best this deal allowed: {points}",
    "par_best_busy": "Working out the best this deal allowed…",
    "par_best_unknown": "The best this deal allowed: undetermined",
    "par_best_none": "The best possible is not worked out in {variant}",
    "confirm_par": "In the par match, this deal will count {points}.",
    "match_title": "Par match over",
    "match_scores": "Deals: {scores}",
    "match_total": "Total: {total}",
    "match_made": "You made par!",
    "match_not_made": "You did not make par",
    "stats_par": "Par matches: {n} · made: {m} · best total: {best}",
    "doc_match": "Par match",
    # rules screen
    "rules_title": "How to play",
    "rules_variant": "Variant: {name}",
    "rules_variant_now": "Variant: {name} (the one you play)",
    # cards of the Spanish deck, as a player names them («7 of coins», «Knight of cups»)
    "card_spanish": "{rank} of {suit}",
    "rank_spanish_10": "Jack",
    "rank_spanish_11": "Knight",
    "rank_spanish_12": "King",
    "suit_spanish_o": "coins",
    "suit_spanish_c": "cups",
    "suit_spanish_e": "swords",
    "suit_spanish_b": "batons",
    "page": "{n} / {m}",
}

RULES: list[tuple[str, list[str]]] = [
    (
        "The goal",
        [
            "Clear the pyramid. Cards leave two at a time when they add up to 13; a King is worth "
            "13 and leaves on its own. That is the classic Pyramid, with 28 cards in the pyramid; "
            "each variant's section says what it changes.",
            "Values: Ace 1, 2 to 10 as printed, Jack 11, Queen 12, King 13. Suits and colours "
            "don't matter. Pairs: Ace and Queen, 2 and Jack, 3 and 10, 4 and 9, 5 and 8, 6 and 7.",
        ],
    ),
    (
        "Which cards you can use",
        [
            "A pyramid card is free once no card lies on it. At the start only the bottom row is free.",
            "The top card of the stock (it lies face up) and the top card of the waste can always be "
            "used too. Any two of them can go together: pyramid with pyramid, with the stock, with "
            "the waste, or the stock with the waste.",
            "Overlap (can be turned off in Settings): when a card has just one card left on it and "
            "that one is free, both leave together if they add up to 13, like a Queen on an Ace.",
        ],
    ),
    (
        "How to play",
        [
            "Tap a free card: its possible partners get a dashed border. Tap one of them to remove "
            "both, or tap the same card again to let it go. A King goes with a single tap.",
            "No partner? Tap the stock (or “Draw”): its card moves to the waste and the next one "
            "turns up. When the stock runs out, “Recycle” turns the waste back into the stock in the "
            "same order. You get 3 passes (1, or unlimited, if you choose so in Settings); the top "
            "right corner shows which one you are on. Unlimited, the deal ends when a whole pass "
            "removes no card any more.",
            "You win when the pyramid is empty, even if cards remain in the stock.",
        ],
    ),
    (
        "Par scoring",
        [
            "With “Par scoring” (in Settings) every deal scores: 50, 35 or 20 if you clear the pyramid "
            "in the first, second or third pass, minus the cards left undiscarded; if you don't clear "
            "it, zero minus every card left.",
            "Once the pyramid is clear, the pairs the stock and waste can still make in the passes "
            "left count as made. A deal ends when the pyramid is clear, when no move is left, or "
            "when you move on to another deal (it counts as it stands); then it can't be undone. "
            "A deal joins the match with its first move.",
            "A match is six deals: a total of zero or more means you made par. The bar at the bottom "
            "shows the deal and the total; the statistics keep your matches.",
        ],
    ),
    (
        "Keyboard",
        [
            "Arrows: move the focus among the free cards. Enter or Space: select and confirm. "
            "Esc: let go of the selected card or close the hint.",
            "U undo · H hint · N new deal · D draw · R recycle · S statistics · T daily deal · "
            "Tab: go through the buttons · F11: full screen.",
        ],
    ),
    (
        "Tips",
        [
            "Look before you remove: sometimes it pays to keep a stock card for a pyramid card "
            "that covers many others.",
            "The high rows are the hard part: plan early how you will reach them.",
            "Undo has no limit and does not count as a move. “Hint” suggests a move without using "
            "cards you have not seen yet, and “Still winnable?” checks whether the position has a way out.",
            "Every deal has a number: the same number deals the same cards, so you can replay it "
            "or share it.",
        ],
    ),
]

VARIANT_RULES: dict[str, list[str]] = {
    "pyramid": [
        "The usual game: pairs that add up to 13, a King alone, and you win when the pyramid is "
        "empty, even with cards left in the stock or the waste.",
    ],
    "strict": [
        "As Pyramid, but to win every card must go: the 28 of the pyramid, the stock and the "
        "waste. Clearing the pyramid is no longer enough.",
        "Keep pairs from the stock for the end: a card left alone in the waste loses the deal.",
    ],
    "apophis": [
        "Three waste piles instead of one. A draw turns up three stock cards at once, one on each "
        "pile, always in the same order; the top card of each pile is playable.",
        "A recycle puts the three piles back into the stock in their order.",
    ],
    "giza": [
        "No stock: the other 24 cards lie face up in eight columns of three. The bottom card of "
        "each column is free and pairs with pyramid cards or with another column's.",
        "As everything is in sight, the hint and «Still winnable?» are exact from the first move.",
    ],
    "spanish": [
        "With the Spanish 48-card deck: 1 to 9, the Jack (sota) is 10, the Knight (caballo) 11 and "
        "the King (rey) 12, in coins, cups, swords and batons.",
        "Pairs add up to 12 (1 and Knight, 2 and Jack, 3 and 9, 4 and 8, 5 and 7, 6 and 6) and a "
        "King goes alone. The pyramid has 28 cards and the stock 20.",
    ],
    "pyramid6": [
        "A lower pyramid of six rows: 21 cards in the pyramid and 31 in the stock. Otherwise as "
        "Pyramid: pairs that add up to 13, a King alone, and you win when the pyramid is empty.",
    ],
    "triangle": [
        "The pyramid upside down: rows of 7, 6, 5, 4, 3, 2 and 1 cards from the top. Each card is "
        "covered by the cards of the row below that touch it; at the start only the lowest card is free.",
        "To win all 52 cards must go: the 28 of the triangle, the stock and the waste. With 3 "
        "passes and the overlap rule about 8 deals in 10 can be won; with one pass, only 1 in 7 "
        "(1 in 16 without the overlap rule).",
    ],
    "tut": [
        "Tut's Tomb: the stock lies face down. A draw turns up three cards one at a time onto the "
        "waste, the third on top, and only the waste's top card plays: with a free pyramid card "
        "that makes 13 with it, or alone if it is a King. Pyramid cards pair as usual.",
        "A recycle turns the waste back over as it lies. The Tomb is meant to be played with "
        "unlimited passes (set them in Settings); with one pass it is hardly ever won.",
    ],
    "reserve": [
        "Under the pyramid, a row of 7 face-up cards, the reserve; the other 17 go to the stock. "
        "Every reserve card is free and pairs with any free card summing 13 with it (a King goes "
        "alone). An emptied reserve place stays empty.",
        "To win, the pyramid and the reserve must go; the stock and the waste may keep cards.",
    ],
    "reserve6": [
        "Like the Reserve, with 6 cards in the reserve and 18 in the stock.",
    ],
    "cell": [
        "One free cell beside the waste: a free pyramid card, the stock's top card or the waste's "
        "top card may be put into the empty cell (select the card, then tap the cell). It counts "
        "as a move and is undone like any other.",
        "The card in the cell is free and leaves only in a pair. A King never enters the cell: it "
        "goes alone. You win when the pyramid is empty and so is the cell.",
    ],
}
"""One section per variant on the rules screen (only the variants the rules play are shown)."""


# --- accessibility: the tree's names, spoken moves, the keys that ask, switch scanning ---------------
# (game/access; kept apart from MESSAGES, and merged into the catalogue by game/texts/__init__.py)
ACCESS: dict[str, str] = {
    # cards in words (a voice reads suit symbols badly)
    "ax_card": "{rank} of {suit}",
    "ax_rank_1": "ace",
    "ax_rank_11": "jack",
    "ax_rank_12": "queen",
    "ax_rank_13": "king",
    "ax_suit_s": "spades",
    "ax_suit_h": "hearts",
    "ax_suit_d": "diamonds",
    "ax_suit_c": "clubs",
    "ax_and": " and ",
    # the accessibility tree
    "ax_window": "Pyramid: {deal}",
    "ax_pyramid": "Pyramid: removed {removed}",
    "ax_row": "Row {n}",
    "ax_slot_free": "{card}, row {row}, free",
    "ax_slot_covered": "{card}, row {row}, covered by {covers}",
    "ax_slot_with_cover": "{card}, row {row}, covered by {covers}: goes together with it",
    "ax_selected": "{name}, selected",
    "ax_partner": "{name}, pairs with the selected card",
    "ax_piles": "Stock and waste",
    "ax_columns": "Columns",
    "ax_reserve_group": "Reserve",
    "ax_reserve": "{card}, reserve {n}, free",
    "ax_controls": "Controls",
    "ax_deck_one": "Stock: 1 card, {turn}",
    "ax_deck_many": "Stock: {n} cards, {turn}",
    "ax_deck_recycle": "Stock empty, {turn}: press it to go through it again",
    "ax_deck_done": "Stock empty, {turn}: no passes left",
    "ax_stock_top": "{card}, top of the stock, free",
    "ax_waste_top_one": "{card}, waste of 1 card, free",
    "ax_waste_top_many": "{card}, top of the waste of {n} cards, free",
    "ax_pile_top_one": "{card}, waste {pile} of 1 card, free",
    "ax_pile_top_many": "{card}, top of waste {pile} of {n} cards, free",
    "ax_waste_empty": "Waste empty",
    "ax_cell": "{card}, in the cell, free",
    "ax_cell_empty": "Cell empty",
    "ax_pile_empty": "Waste {pile} empty",
    "ax_column": "{card}, column {n}, free",
    "ax_screen": "This screen is not read aloud yet: Esc goes back to the table",
    # what each action did
    "ax_stock_left_none": "Stock empty, {turn}.",
    "ax_stock_left_one": "1 card left in the stock, {turn}.",
    "ax_stock_left_many": "{n} cards left in the stock, {turn}.",
    "say_removed": "You remove {cards}.",
    "say_freed_one": "{cards} is free now.",
    "say_freed_many": "{cards} are free now.",
    "say_drawn": "You draw {cards}.",
    "say_recycled_one": "Another pass: 1 card goes back to the stock.",
    "say_recycled_many": "Another pass: {n} cards go back to the stock.",
    "say_selected": "{card} selected; it pairs with {partners}.",
    "say_selected_alone": "{card} selected; nothing pairs with it now.",
    "say_released": "{card} let go.",
    "say_undo_removed": "Undone: {cards} come back.",
    "say_undo_drawn_one": "Undone: {cards} goes back to the stock.",
    "say_undo_drawn_many": "Undone: {cards} go back to the stock.",
    "say_undo_recycled": "The pass is undone.",
    "say_undo_many": "{n} moves undone.",
    "say_free_one": "Free: {cards}.",
    "say_free_many": "Free: {cards}.",
    # the keys that ask
    "ask_pairs": "Pairs now: {pairs}.",
    "ask_pair": "{a} with {b}",
    "ask_alone": "{a} alone",
    "ask_pairs_none": "No pair now.",
    "ask_draw": "You can draw.",
    "ask_recycle": "You can go through the stock again.",
    "ask_no_move": "No move is left.",
    "ask_waste_none": "The waste is empty.",
    "ask_waste_one": "Waste: 1 card, {cards} on top.",
    "ask_waste_many": "Waste: {n} cards, {cards} on top.",
    "ask_seen_none": "You have not seen any stock card yet.",
    "ask_seen_one": "Seen and still in play: {cards}.",
    "ask_seen_many": "Seen and still in play ({n}): {cards}.",
    "ask_unseen_none": "You have seen every stock card.",
    "ask_unseen_one": "1 stock card not seen yet.",
    "ask_unseen_many": "{n} stock cards not seen yet.",
    "ask_all_open": "Every card is in view.",
    "ask_reserve_none": "The reserve is empty.",
    "ask_reserve_one": "Reserve: {cards}.",
    "ask_reserve_many": "Reserve ({n}): {cards}.",
    "ask_answer": "Last answer to “Still winnable?”, {when}: {answer}",
    "ask_when_here": "in this position",
    "ask_when_back_one": "1 move ago",
    "ask_when_back_many": "{n} moves ago",
    "ask_answer_none": "You have not asked “Still winnable?” in this deal yet.",
    "voice_missing": "No voice installed (speech-dispatcher or espeak-ng): the game goes on without one",
    # settings
    "set_speech": "Read the moves aloud",
    "speech_auto": "Automatic",
    "set_scan": "Scanning for switches",
    "scan_off": "No",
    "scan_step": "Two switches",
    "scan_auto": "One switch",
    "set_scan_seconds": "Scanning speed",
    "scan_seconds": "{n} s",
}
