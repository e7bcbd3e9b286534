"""Spanish texts (the default language). The «…» wordings of the SPEC are kept exactly.

Refusal lines are keyed by :class:`rules.Refusal` code and must equal ``Refusal.message``.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "title": "Pirámide",
    # top bar and status bar
    "deal": "Reparto {n}",
    "deal_daily": "Reparto del día {n}",
    "deal_variant": "{variant}: reparto {n}",
    "label_solvable": "Con solución comprobada",
    "label_unsolvable": "Demostrado sin solución",
    "label_unknown": "Sin determinar",
    "label_hidden": "Puede no tener solución",
    "pass": "vuelta {n} de {p}",
    "pass_open": "vuelta {n}",
    "removed": "{n} de {total}",
    "removed_all": "{n} de {total}",
    "stock": "mazo: {n}",
    "cell_status": "celda: {card}",
    "columns_left": "columnas: {n}",
    "pile_stock": "Mazo",
    "pile_waste": "Descarte",
    "pile_cell": "Celda",
    "pile_reserve": "Reserva",
    "time": "tiempo {t}",
    "moves_one": "1 jugada",
    "moves_many": "{n} jugadas",
    # controls
    "btn_undo": "Deshacer",
    "btn_hint": "Pista",
    "btn_new": "Nuevo reparto",
    "btn_rules": "Reglas",
    "btn_analyse": "¿Aún se gana?",
    "btn_draw": "Robar",
    "btn_recycle": "Otra vuelta",
    "btn_settings": "Ajustes",
    "btn_analyse_short": "¿Se gana?",
    "btn_new_short": "Nuevo",
    "btn_close": "Cerrar",
    "btn_cancel": "Cancelar",
    "btn_replay": "Repetir reparto",
    "btn_look": "Ver el tablero",
    "btn_undo_last": "Deshacer la última",
    "btn_rewind": "Volver al último paso ganable",
    "btn_plain_hint": "Pista",
    "btn_prev": "‹ Anterior",
    "btn_next": "Siguiente ›",
    # refusals (rules.Refusal codes)
    "not_13": "esas dos no suman 13",
    "covered": "esa carta sigue cubierta",
    "only_with_cover": "esa carta solo se puede quitar junto con la que tiene encima",
    "nothing_to_draw": "no quedan cartas que dar la vuelta",
    "stock_not_empty": "podrás reciclar cuando el mazo esté vacío",
    "no_recycles_left": "no quedan reciclajes",
    "waste_empty": "no hay nada en la pila de descarte para reciclar",
    "not_a_king": "solo un rey se quita sin pareja",
    "no_card": "ahí no queda ninguna carta",
    "face_down": "la carta del mazo está boca abajo: roba para descubrirla",
    "no_stock": "aquí no hay mazo: todas las cartas están a la vista",
    "no_slot": "esta pirámide no tiene esa posición",
    "waste_top_only": "en la Tumba solo juega la carta de arriba del descarte",
    "no_place": "esta variante no tiene ese sitio",
    "no_cell": "esta variante no tiene celda",
    "cell_full": "la celda ya tiene una carta: sale solo emparejada",
    "cell_how": "la celda está vacía: elige antes una carta libre y luego toca la celda",
    "king_alone": "el Rey no entra en la celda: el Rey se va solo",
    "game_won": "la pirámide ya está despejada",
    # other lines under the table
    "welcome": "Toca una carta libre y luego su pareja: juntas deben sumar {sum}",
    "welcome_all": (
        "Para ganar se van las {total} cartas, también el mazo y el descarte; las parejas suman {sum}"
    ),
    "pyramid_cleared_all": "Pirámide despejada: para ganar, quita también el mazo y el descarte",
    "pyramid_cleared_reserve": "Pirámide despejada: para ganar, quita también la reserva",
    "pyramid_cleared_one_cell": "Pirámide despejada: para ganar, la carta de la celda también tiene que irse",
    "bad_address_one": "Dirección: {options} no vale; {outcome}",
    "bad_address_many": "Dirección: {options} no valen; {outcome}",
    "address_option": "«{name}={value}»",
    "address_resumes": "sigue la partida guardada",
    "address_asks": "se pregunta antes de dejar la partida guardada",
    "address_deal": "se juega el reparto nº {n}",
    "address_random": "se juega un reparto al azar",
    "labels_missing": "Falta la tabla de etiquetas o no se lee: puede no haber solución",
    "no_partner": "ahora mismo ninguna carta suma {sum} con esta",
    "not_sum": "{a} y {b} no suman {sum}",
    "only_with_cover_named": "{a} solo se puede quitar junto con {b}, la carta que tiene encima",
    "passes_unlabelled": "Vueltas sin límite: aún sin repartos comprobados; puede no tener solución",
    "variant_unlabelled": "{variant}: aún sin repartos comprobados; puede no tener solución",
    "nothing_to_undo": "no hay nada que deshacer",
    "par_no_undo": "el reparto ya está puntuado en la partida par: sigue con otro",
    "hint_pair": "Pista: {a} con {b}",
    "hint_king": "Pista: quita {a}",
    "hint_king_reserve": "Pista: quita {a} de la reserva",
    "hint_pair_reserve": "Pista: {a} con {b} de la reserva",
    "hint_pair_reserves": "Pista: {a} con {b}, las dos de la reserva",
    "hint_store": "Pista: guarda {a} en la celda",
    "hint_draw": "Pista: roba una carta del mazo",
    "hint_recycle": "Pista: da otra vuelta al mazo",
    "hint_none": "no queda ninguna jugada",
    "analysis_busy": "buscando una solución",
    "analysis_winnable": "Sí: desde aquí todavía se puede ganar",
    "analysis_label_winnable": "Sí: este reparto tiene solución comprobada",
    "analysis_unknown": "sin determinar (no quiere decir que no tenga solución)",
    "analysis_unknown_unseen": "sin determinar: hay cartas del mazo sin ver (puede tener solución)",
    # an estimate over orders of the unseen cards: {n} tried, won in {w}, not in {l}, {u} unresolved
    "analysis_share": "Depende de las cartas sin ver: de {n} órdenes probados, se gana en {w} y no en {l}",
    "analysis_share_all": (
        "Depende de las cartas sin ver: se gana en los {n} órdenes probados (no en todos los posibles)"
    ),
    "analysis_share_least": (
        "Aún no se sabe: de {n} órdenes probados de las cartas sin ver, se gana en {w}, no en {l}, "
        "{u} sin resolver"
    ),
    "analysis_share_exact": (
        "Depende de las cartas sin ver: se gana en el {p} % de sus órdenes posibles (probados todos)"
    ),
    "analysis_cut": "cortado por tiempo: sin determinar (no quiere decir que no tenga solución)",
    "analysis_cut_share": (
        "Cortado por tiempo: de {n} órdenes probados de las cartas sin ver, se gana en {w}, no en {l}, "
        "{u} sin resolver"
    ),
    "rewind_busy": "buscando el último paso desde el que se gana",
    "rewind_done": "De vuelta al último paso desde el que se gana ({n} atrás)",
    "rewind_start": "De vuelta al principio del reparto, que tiene solución comprobada ({n} atrás)",
    "rewind_none": "No hay un paso anterior desde el que se gane: prueba a repetir el reparto",
    "rewind_done_some": (
        "De vuelta a un paso desde el que se gana ({n} atrás); alguno posterior quedó sin determinar"
    ),
    "rewind_none_all_orders": "Ningún paso anterior se gana en todos los órdenes de las cartas sin ver",
    "rewind_unknown": "sin determinar: no encontré un paso anterior del que se sepa que se gana",
    "rewind_cut": "cortado por tiempo: no encontré a tiempo un paso desde el que se gane (puede haberlo)",
    "won_line": "¡Pirámide despejada! Toca «Nuevo reparto» para seguir",
    "won_line_all": "¡Todas las cartas quitadas! Toca «Nuevo reparto» para seguir",
    "won_line_reserve": "¡Pirámide y reserva despejadas! Toca «Nuevo reparto» para seguir",
    "won_line_one_cell": "¡Pirámide y celda despejadas! Toca «Nuevo reparto» para seguir",
    "dead_line_par": "No quedan jugadas: el reparto queda puntuado; sigue con otro",
    "dead_line": "No quedan jugadas: deshaz, repite o empieza otro reparto",
    "dead_line_cycle": "Comprobado: ninguna vuelta quita ya una carta; deshaz, repite o empieza otro reparto",
    "won_no_undo": "la partida ya está ganada: no se deshace",
    "dead_no_help": "No quedan jugadas: no hay pista que dar; deshaz, repite o empieza otro reparto",
    "dead_line_unsolvable": "No quedan jugadas, y este reparto no tiene solución: prueba con otro",
    # win panel
    "win_title": "¡Pirámide despejada!",
    "win_title_all": "¡Todas las cartas quitadas!",
    "win_title_reserve": "¡Pirámide y reserva despejadas!",
    "win_title_one_cell": "¡Pirámide y celda despejadas!",
    "figure_time": "tiempo",
    "figure_moves": "jugadas · {u} deshechas",
    "win_time": "Tiempo: {t}",
    "win_moves": "Jugadas: {n} (deshechas: {u})",
    "win_removed": "Cartas quitadas: {n} de {total}",
    "win_removed_all": "Cartas quitadas: {n} de {total}",
    "record_first": "Tu mejor tiempo en este reparto: {t} (primera victoria)",
    "record_beaten": "¡Tu mejor tiempo en este reparto! Antes: {t}",
    "record_best": "Tu mejor tiempo en este reparto: {t}",
    "win_left": "Sobran en el mazo y el descarte: {cards}",
    "win_left_none": "No sobra ninguna carta en el mazo ni en el descarte",
    "win_left_columns": "Sobran en las columnas: {cards}",
    "win_left_none_columns": "No sobra ninguna carta en las columnas",
    "win_copy": "Reparto nº {n} · tocar para copiar",
    "copied": "Número {n} copiado",
    "copied_name": "Copiado: {name}",
    "copied_link": "Enlace al reparto {n} copiado",
    "copy_failed": "No se pudo copiar; el número es {n}",
    "copy_failed_name": "No se pudo copiar: {name}",
    "copy_failed_link": "No se copió: abre la página con ?{q}",
    "verdict": "Este reparto: {label}",
    # dead-end panel
    "dead_title": "No quedan jugadas",
    "dead_body": "No hay parejas que sumen 13, ni reyes, ni cartas que robar, ni vueltas al mazo.",
    "dead_body_cycle": (
        "Una vuelta entera al mazo y al descarte no deja quitar ninguna carta, y después todo se "
        "repite: está comprobado que no quedan jugadas."
    ),
    # analysis: no longer winnable
    "lost_title": "Ya no se puede ganar",
    "lost_body": "Desde esta posición ninguna serie de jugadas despeja la pirámide.",
    "lost_body_label": "Este reparto está demostrado sin solución: prueba con otro.",
    "lost_body_unseen": (
        "Aun sin saber qué cartas quedan en el mazo ya es seguro: "
        "desde aquí ninguna serie de jugadas despeja la pirámide."
    ),
    "lost_body_hint": "Ya has visto todas las cartas del mazo: desde aquí el reparto no tiene solución.",
    "lost_body_open": "Todas las cartas están a la vista: desde aquí el reparto no tiene solución.",
    # settings
    "settings_title": "Ajustes",
    "set_variant": "Variante",
    "variant_pyramid": "Pirámide",
    "variant_strict": "Estricta",
    "variant_apophis": "Apofis",
    "variant_giza": "Giza",
    "variant_spanish": "Baraja española",
    "variant_pyramid6": "Seis filas",
    "variant_triangle": "Triángulo",
    "variant_tut": "Tumba de Tut",
    "variant_reserve": "Reserva",
    "variant_reserve6": "Reserva de seis",
    "variant_cell": "Una celda",
    "set_par": "Puntuación par",
    "set_passes": "Vueltas al mazo",
    "passes_unlimited": "sin límite",
    "set_overlap": "Regla de superposición",
    "set_mode": "Repartos nuevos",
    "set_lang": "Idioma",
    "set_motion": "Movimiento reducido",
    "set_sound": "Sonido",
    "set_four_colour": "Baraja de cuatro colores",
    "set_large_index": "Índices grandes",
    "set_theme": "Tema",
    "theme_default": "Verde",
    "theme_dark": "Oscuro",
    "theme_high-contrast": "Alto contraste",
    "set_text_size": "Tamaño del texto",
    "set_hide_timer": "Ocultar el reloj",
    "set_anim_speed": "Animaciones",
    "speed_slow": "Lentas",
    "speed_normal": "Normales",
    "speed_fast": "Rápidas",
    "speed_none": "Ninguna",
    "set_left_handed": "Mano izquierda",
    "large_index_auto": "Ya grandes a este tamaño",
    "passes_no_stock": "Sin mazo: no hay vueltas",
    "mode_solvable": "solo con solución",
    "mode_solvable_unsure": "sin tabla: sin garantía",
    "mode_random": "totalmente al azar",
    "yes": "Sí",
    "no": "No",
    "settings_note": (
        "La variante, las vueltas, la superposición y la puntuación par cambian desde el próximo reparto."
    ),
    "settings_no_share": "Con estas reglas no se gana ninguno de los repartos comprobados.",
    "settings_rare_share": "Con estas reglas solo se gana uno de cada {n} repartos.",
    "settings_small_share": "Con estas reglas solo se gana el {pct} % de los repartos.",
    # deal dialog
    "dialog_title": "Nuevo reparto",
    "dialog_prompt": "Escribe un número del 1 al 20000, o reparte al azar.",
    "dialog_variant": "Variante: {name}",
    "dialog_random": "Al azar",
    "dialog_play": "Jugar el {n}",
    "dialog_play_empty": "Jugar un número",
    "dialog_bad": "Tiene que ser un número del 1 al 20000",
    "dialog_bad_paste": "«{text}» no es un reparto",
    "dialog_mode_solvable": "Al azar: solo repartos con solución",
    "dialog_mode_unsure": "Al azar: sin tabla de etiquetas, puede no tener solución",
    "dialog_mode_random": "Al azar: cualquier reparto",
    # kiosk (--kiosk)
    "kiosk_prompt_title": "¿Sigues ahí?",
    "kiosk_prompt_body": "Si nadie toca la pantalla, en {n} s empieza un juego nuevo.",
    "btn_continue": "Seguir",
    "kiosk_tap_to_play": "Toca para jugar",
    "kiosk_demo": "Demostración: así se despeja un reparto con solución",
    "kiosk_hear": "Pulsa aquí para oír el juego",
    # saves, statistics, daily deal
    "save_damaged": "{what}: archivo dañado, guardado aparte{lost}",
    "save_newer": "{what}: es de una versión más nueva del juego, guardado aparte{lost}",
    "save_older": "{what}: es de una versión antigua del juego, guardado aparte{lost}",
    "save_lost": "; la partida en curso se perdió",
    "save_cut": "Partida guardada dañada: recuperada hasta la jugada {n}; el archivo, guardado aparte",
    "notices_title": "Archivos guardados aparte",
    "win_daily": "Reparto del día ganado · racha diaria: {n}",
    "win_daily_clean": "Reparto del día ganado limpio ★ · racha diaria: {n}",
    "resumed": "Partida recuperada: sigue donde la dejaste",
    "save_locked": "Pirámide ya está abierto con estas partidas: esta ventana no guardará nada",
    "save_taken": "Otra ventana de Pirámide tomó las partidas guardadas: esta ya no guarda",
    "save_failed": "No se puede guardar (¿disco lleno?): la partida sigue, pero no quedará guardada",
    "doc_game": "Partida guardada",
    "doc_settings": "Ajustes",
    "doc_stats": "Estadísticas",
    "doc_daily": "Reparto del día",
    "confirm_title": "¿Empezar otro reparto?",
    "confirm_title_number": "¿Empezar el reparto nº {n}?",
    "confirm_body": "La partida en curso ({moves}) contará como perdida en las estadísticas.",
    "confirm_body_kiosk": "La partida en curso ({moves}) se deja sin terminar.",
    "btn_confirm_new": "Sí, otro reparto",
    "btn_keep_playing": "Seguir jugando",
    "btn_stats": "Estadísticas",
    "btn_daily": "Reparto del día",
    "stats_title": "Estadísticas",
    "stats_rules": "{p} vueltas · superposición: {o}",
    "stats_rules_one": "1 vuelta · superposición: {o}",
    "stats_rules_unlimited": "vueltas sin límite · superposición: {o}",
    "stats_rules_no_stock": "superposición: {o}",
    "stats_played": "Partidas",
    "stats_won": "Ganadas",
    "stats_rate": "Porcentaje ganado",
    "stats_best": "Mejor tiempo",
    "stats_median": "Tiempo mediano",
    "stats_fewest": "Menos jugadas",
    "stats_streak": "Racha actual",
    "stats_longest": "Racha más larga",
    "stats_abandoned": "Abandonados (el quiosco se reinició sin nadie): {n}",
    "stats_chart": "Últimas partidas: {w} de {n} ganadas",
    "stats_chart_empty": "Aún no hay partidas con estas reglas",
    "btn_reset": "Borrar",
    "reset_title": "¿Borrar las estadísticas?",
    "reset_body": "Se borran las de estas reglas ({rules}). No se puede deshacer.",
    "btn_reset_yes": "Sí, borrar",
    "daily_title": "Reparto del día",
    "daily_deal": "{date} · reparto nº {n}",
    "daily_rules": "Igual para todos hoy; reglas de siempre (3\u00a0vueltas, superposición)",
    "daily_new": "Aún no lo has jugado",
    "daily_played": "Empezado, aún sin ganar",
    "daily_won": "¡Ganado!",
    "daily_clean": "¡Ganado limpio! (sin pistas ni deshacer)",
    "daily_streak": "Racha diaria: {n}",
    "daily_legend": (
        "Últimos\u00a0{n}\u00a0días: ■\u00a0ganado\u00a0· ★\u00a0limpio\u00a0"
        "· ○\u00a0empezado\u00a0· □\u00a0sin\u00a0jugar"
    ),
    "btn_daily_play": "Jugar el reparto del día",
    "btn_daily_back": "Volver al reparto del día",
    "btn_daily_replay": "Ganado hoy: jugarlo otra vez",
    # par scoring
    "par_status": "par {n}/6: {total}",
    "par_score": "Puntuación: {base} − {left} cartas = {points}",
    "par_score_paired": "Puntuación: {base} − {left} cartas = {points} ({n} del mazo aún se emparejan)",
    "par_standing": "Partida par: reparto {n} de 6 · total {total}",
    "par_best": "Lo mejor posible en este reparto: {points}",
    "par_best_busy": "Buscando lo mejor posible en este reparto…",
    "par_best_unknown": "Lo mejor posible en este reparto: sin determinar",
    "par_best_none": "Lo mejor posible no se calcula en {variant}",
    "confirm_par": "En la partida par, este reparto contará {points}.",
    "match_title": "Partida par terminada",
    "match_scores": "Repartos: {scores}",
    "match_total": "Total: {total}",
    "match_made": "¡Has hecho el par!",
    "match_not_made": "No has hecho el par",
    "stats_par": "Partidas par: {n} · hechas: {m} · mejor total: {best}",
    "doc_match": "Partida par",
    # rules screen
    "rules_title": "Cómo se juega",
    "rules_variant": "Variante: {name}",
    "rules_variant_now": "Variante: {name} (la que juegas)",
    # cards of the Spanish deck, as a player names them («7 de oros», «Caballo de copas»)
    "card_spanish": "{rank} de {suit}",
    "rank_spanish_10": "Sota",
    "rank_spanish_11": "Caballo",
    "rank_spanish_12": "Rey",
    "suit_spanish_o": "oros",
    "suit_spanish_c": "copas",
    "suit_spanish_e": "espadas",
    "suit_spanish_b": "bastos",
    "page": "{n} / {m}",
}

RULES: list[tuple[str, list[str]]] = [
    (
        "El objetivo",
        [
            "Vacía la pirámide. Las cartas se quitan de dos en dos cuando suman 13; el rey vale 13 "
            "y se va él solo. Así es la Pirámide de siempre, con 28 cartas en la pirámide; lo que "
            "cambia cada variante lo dice su apartado.",
            "Valores: el as es 1, del 2 al 10 lo que marcan, la jota 11, la reina 12 y el rey 13. "
            "El palo y el color no importan. Parejas: as y reina, 2 y jota, 3 y 10, 4 y 9, 5 y 8, 6 y 7.",
        ],
    ),
    (
        "Qué cartas se pueden usar",
        [
            "Una carta de la pirámide está libre cuando ya no tiene ninguna carta encima. "
            "Al empezar solo está libre la fila de abajo.",
            "Además valen siempre la carta de arriba del mazo (está boca arriba) y la de arriba del "
            "descarte. Puedes juntar dos cualesquiera de ellas: pirámide con pirámide, con el mazo, "
            "con el descarte, o el mazo con el descarte.",
            "Superposición (se puede quitar en Ajustes): si a una carta solo le queda una carta encima "
            "y esa sí está libre, las dos se van juntas cuando suman 13, como una reina sobre un as.",
        ],
    ),
    (
        "Cómo se juega",
        [
            "Toca una carta libre: sus posibles parejas aparecen con un borde de rayas. "
            "Toca una de ellas para quitar las dos, o la misma carta otra vez para soltarla. "
            "Un rey se quita con un solo toque.",
            "Si no hay pareja, toca el mazo (o «Robar»): su carta pasa al descarte y se ve la siguiente. "
            "Cuando el mazo se acaba, «Otra vuelta» devuelve el descarte al mazo en el mismo orden. "
            "Hay 3 vueltas (1, o sin límite, si lo eliges en Ajustes); arriba a la derecha ves en cuál "
            "estás. Sin límite, el reparto acaba cuando una vuelta entera ya no quita ninguna carta.",
            "Ganas cuando no queda ninguna carta en la pirámide, aunque sobren cartas en el mazo.",
        ],
    ),
    (
        "Puntuación par",
        [
            "Con «Puntuación par» (en Ajustes) cada reparto da puntos: 50, 35 o 20 si despejas la "
            "pirámide en la primera, segunda o tercera vuelta, menos las cartas que quedan sin "
            "descartar; si no la despejas, cero menos todas las cartas que quedan.",
            "Al despejar la pirámide, las parejas que aún puedan hacerse con el mazo y el descarte "
            "en las vueltas que quedan se cuentan como hechas. El reparto termina al despejar la "
            "pirámide, cuando no quedan jugadas o al pasar a otro reparto (cuenta tal como está); "
            "entonces ya no se deshace. Un reparto entra en la partida con su primera jugada.",
            "Una partida son seis repartos: si el total es cero o más, has hecho el par. "
            "La barra de abajo muestra el reparto y el total; las estadísticas guardan las partidas.",
        ],
    ),
    (
        "Teclado",
        [
            "Flechas: mover el foco entre las cartas libres. Intro o espacio: elegir y confirmar. "
            "Esc: soltar la carta elegida o cerrar la pista.",
            "U deshacer · H pista · N nuevo reparto · D robar · R otra vuelta · "
            "S estadísticas · T reparto del día · Tab: recorrer los botones · F11: pantalla completa.",
        ],
    ),
    (
        "Consejos",
        [
            "Mira bien antes de quitar: a veces conviene guardar una carta del mazo para liberar "
            "una de la pirámide que tapa a muchas otras.",
            "Las cartas de las filas altas son las difíciles: piensa pronto cómo vas a llegar a ellas.",
            "Deshacer no tiene límite y no cuenta como jugada. «Pista» propone una jugada sin mirar "
            "cartas que aún no has visto, y «¿Aún se gana?» analiza si la posición tiene salida.",
            "Cada reparto tiene un número: con el mismo número salen las mismas cartas, "
            "así que puedes repetirlo o compartirlo.",
        ],
    ),
]

VARIANT_RULES: dict[str, list[str]] = {
    "pyramid": [
        "La de siempre: parejas que suman 13, el rey solo, y ganas al vaciar la pirámide aunque "
        "queden cartas en el mazo o en el descarte.",
    ],
    "strict": [
        "Como la Pirámide, pero para ganar tienen que irse todas las cartas: las 28 de la "
        "pirámide, las del mazo y las del descarte. Vaciar la pirámide ya no basta.",
        "Guarda parejas del mazo para el final: una carta que se queda sola en el descarte "
        "hace perder el reparto.",
    ],
    "apophis": [
        "Tres descartes en vez de uno. Al robar se dan vuelta tres cartas del mazo a la vez, "
        "una en cada descarte, siempre en el mismo orden; la de arriba de cada descarte se puede usar.",
        "Al dar otra vuelta, los tres descartes vuelven al mazo en su orden.",
    ],
    "giza": [
        "No hay mazo: las otras 24 cartas están boca arriba en ocho columnas de tres. "
        "La carta de abajo de cada columna está libre y se junta con las de la pirámide o de otra columna.",
        "Como todo está a la vista, la pista y «¿Aún se gana?» son exactas desde la primera jugada.",
    ],
    "spanish": [
        "Con la baraja española de 48 cartas: del 1 al 9, la sota vale 10, el caballo 11 y el "
        "rey 12, en oros, copas, espadas y bastos.",
        "Las parejas suman 12 (1 y caballo, 2 y sota, 3 y 9, 4 y 8, 5 y 7, 6 y 6) y el rey se va "
        "solo. La pirámide tiene 28 cartas y el mazo 20.",
    ],
    "pyramid6": [
        "Una pirámide más baja, de seis filas: 21 cartas en la pirámide y 31 en el mazo. "
        "Lo demás, como la Pirámide: parejas que suman 13, el rey solo, y ganas al vaciar la pirámide.",
    ],
    "triangle": [
        "La pirámide al revés: filas de 7, 6, 5, 4, 3, 2 y 1 cartas de arriba abajo. Cada carta "
        "queda tapada por las de la fila de abajo que la tocan; al empezar solo está libre la de más abajo.",
        "Para ganar tienen que irse las 52 cartas: las 28 del triángulo, las del mazo y las del "
        "descarte. Con 3 vueltas y la superposición se gana unos 8 de cada 10 repartos; con una "
        "sola vuelta, apenas 1 de cada 7 (1 de cada 16 sin la superposición).",
    ],
    "tut": [
        "La Tumba de Tut: el mazo está boca abajo. Al robar se dan vuelta tres cartas, una a una, "
        "sobre el descarte (la tercera queda arriba), y solo juega la carta de arriba del descarte: "
        "con una carta libre de la pirámide que sume 13 con ella, o sola si es un rey. Las cartas "
        "de la pirámide se juntan como siempre.",
        "Al dar otra vuelta, el descarte vuelve al mazo tal como está. La Tumba se juega con "
        "vueltas sin límite (elígelas en Ajustes); con una sola vuelta casi nunca se gana.",
    ],
    "reserve": [
        "Bajo la pirámide, una fila de 7 cartas boca arriba, la reserva; las otras 17 van al mazo. "
        "Todas las cartas de la reserva están libres y se juntan con cualquier carta libre que "
        "sume 13 con ellas (un rey se va solo). Un hueco de la reserva queda vacío.",
        "Para ganar tienen que irse la pirámide y la reserva; el mazo y el descarte pueden quedar.",
    ],
    "reserve6": [
        "Como la Reserva, pero con 6 cartas en la reserva y 18 en el mazo.",
    ],
    "cell": [
        "Una celda libre junto al descarte: una carta libre de la pirámide, la de arriba del mazo "
        "o la de arriba del descarte puede guardarse en la celda vacía (selecciona la carta y toca "
        "la celda). Cuenta como una jugada y se deshace como cualquiera.",
        "La carta de la celda está libre y solo sale emparejada. El rey nunca entra en la celda: "
        "se va solo. Ganas cuando la pirámide está vacía y la celda también.",
    ],
}
"""One section per variant on the rules screen (only the variants the rules play are shown)."""


# --- accessibility: the tree's names, spoken moves, the keys that ask, switch scanning ---------------
# (game/access; kept apart from MESSAGES, and merged into the catalogue by game/texts/__init__.py)
ACCESS: dict[str, str] = {
    # cards in words (a voice reads suit symbols badly)
    "ax_card": "{rank} de {suit}",
    "ax_rank_1": "as",
    "ax_rank_11": "jota",
    "ax_rank_12": "reina",
    "ax_rank_13": "rey",
    "ax_suit_s": "picas",
    "ax_suit_h": "corazones",
    "ax_suit_d": "diamantes",
    "ax_suit_c": "tréboles",
    "ax_and": " y ",
    # the accessibility tree
    "ax_window": "Pirámide: {deal}",
    "ax_pyramid": "Pirámide: quitadas {removed}",
    "ax_row": "Fila {n}",
    "ax_slot_free": "{card}, fila {row}, libre",
    "ax_slot_covered": "{card}, fila {row}, cubierta por {covers}",
    "ax_slot_with_cover": "{card}, fila {row}, cubierta por {covers}: se quita junto con ella",
    "ax_selected": "{name}, elegida",
    "ax_partner": "{name}, va con la elegida",
    "ax_piles": "Mazo y descarte",
    "ax_columns": "Columnas",
    "ax_reserve_group": "Reserva",
    "ax_reserve": "{card}, reserva {n}, libre",
    "ax_controls": "Controles",
    "ax_deck_one": "Mazo: 1 carta, {turn}",
    "ax_deck_many": "Mazo: {n} cartas, {turn}",
    "ax_deck_recycle": "Mazo vacío, {turn}: púlsalo para dar otra vuelta",
    "ax_deck_done": "Mazo vacío, {turn}: no quedan vueltas",
    "ax_stock_top": "{card}, arriba del mazo, libre",
    "ax_waste_top_one": "{card}, descarte de 1 carta, libre",
    "ax_waste_top_many": "{card}, arriba del descarte de {n} cartas, libre",
    "ax_pile_top_one": "{card}, descarte {pile} de 1 carta, libre",
    "ax_pile_top_many": "{card}, arriba del descarte {pile} de {n} cartas, libre",
    "ax_waste_empty": "Descarte vacío",
    "ax_cell": "{card}, en la celda, libre",
    "ax_cell_empty": "Celda vacía",
    "ax_pile_empty": "Descarte {pile} vacío",
    "ax_column": "{card}, columna {n}, libre",
    "ax_screen": "Esta pantalla todavía no se lee en voz alta: Esc vuelve a la mesa",
    # what each action did
    "ax_stock_left_none": "Mazo vacío, {turn}.",
    "ax_stock_left_one": "Queda 1 en el mazo, {turn}.",
    "ax_stock_left_many": "Quedan {n} en el mazo, {turn}.",
    "say_removed": "Quitas {cards}.",
    "say_freed_one": "Queda libre {cards}.",
    "say_freed_many": "Quedan libres {cards}.",
    "say_drawn": "Robas {cards}.",
    "say_recycled_one": "Otra vuelta: 1 carta vuelve al mazo.",
    "say_recycled_many": "Otra vuelta: {n} cartas vuelven al mazo.",
    "say_selected": "{card} elegida; va con {partners}.",
    "say_selected_alone": "{card} elegida; ahora no tiene pareja.",
    "say_released": "{card} soltada.",
    "say_undo_removed": "Deshaces: vuelven {cards}.",
    "say_undo_drawn_one": "Deshaces: {cards} vuelve al mazo.",
    "say_undo_drawn_many": "Deshaces: {cards} vuelven al mazo.",
    "say_undo_recycled": "Deshaces la vuelta.",
    "say_undo_many": "Deshaces {n} jugadas.",
    "say_free_one": "Libre: {cards}.",
    "say_free_many": "Libres: {cards}.",
    # the keys that ask
    "ask_pairs": "Parejas ahora: {pairs}.",
    "ask_pair": "{a} con {b}",
    "ask_alone": "{a} sola",
    "ask_pairs_none": "Ninguna pareja ahora.",
    "ask_draw": "Puedes robar.",
    "ask_recycle": "Puedes dar otra vuelta.",
    "ask_no_move": "No queda ninguna jugada.",
    "ask_waste_none": "Descarte vacío.",
    "ask_waste_one": "Descarte: 1 carta, arriba {cards}.",
    "ask_waste_many": "Descarte: {n} cartas, arriba {cards}.",
    "ask_seen_none": "Todavía no has visto ninguna carta del mazo.",
    "ask_seen_one": "Vista y aún en juego: {cards}.",
    "ask_seen_many": "Vistas y aún en juego ({n}): {cards}.",
    "ask_unseen_none": "Ya has visto todas las cartas del mazo.",
    "ask_unseen_one": "Te falta por ver 1 carta del mazo.",
    "ask_unseen_many": "Te faltan por ver {n} cartas del mazo.",
    "ask_all_open": "Todas las cartas están a la vista.",
    "ask_reserve_none": "La reserva está vacía.",
    "ask_reserve_one": "Reserva: {cards}.",
    "ask_reserve_many": "Reserva ({n}): {cards}.",
    "ask_answer": "Última respuesta a «¿Aún se gana?», {when}: {answer}",
    "ask_when_here": "en esta posición",
    "ask_when_back_one": "hace 1 jugada",
    "ask_when_back_many": "hace {n} jugadas",
    "ask_answer_none": "Aún no has preguntado «¿Aún se gana?» en este reparto.",
    "voice_missing": "No hay voz instalada (speech-dispatcher o espeak-ng): el juego sigue sin voz",
    # settings
    "set_speech": "Leer las jugadas en voz alta",
    "speech_auto": "Automático",
    "set_scan": "Barrido para pulsadores",
    "scan_off": "No",
    "scan_step": "Dos pulsadores",
    "scan_auto": "Un pulsador",
    "set_scan_seconds": "Velocidad del barrido",
    "scan_seconds": "{n} s",
}
