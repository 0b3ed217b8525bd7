"""Every visible awélé string: key -> (French, English).

Written for children of 6 to 12: short sentences, one idea each, the words of the game ("case",
"graine", "rangée", "relais"). A sentence about the child says "tu" (keys ending in ``.you``); a
sentence about someone else names them ("L'ordinateur", "Rouge"), so the grammar is right both
ways. Numbers of seeds go through ``awele.seeds`` / ``awele.seeds.one`` (French: 0 and 1 take the
singular; English: only 1 does).
"""

STRINGS: dict[str, tuple[str, str]] = {
    "awele.title": ("Awélé", "Awele"),
    "awele.tagline": ("Sème les graines, fais le relais et capture !", "Sow the seeds, relay and capture!"),
    # Who is who.
    "awele.player.1": ("Rouge", "Red"),
    "awele.player.2": ("Bleu", "Blue"),
    "awele.computer": ("L'ordinateur", "The computer"),
    "awele.row.bottom": ("en bas", "at the bottom"),
    "awele.row.top": ("en haut", "at the top"),
    "awele.seeds": ("{count} graines", "{count} seeds"),
    "awele.seeds.one": ("{count} graine", "{count} seed"),
    "awele.label": ("{name} : {seeds}", "{name}: {seeds}"),
    # The computer levels: names for children on the "who plays" card, the article's names for
    # the curious under the computer's label.
    "awele.level.random": ("Bébé", "Baby"),
    "awele.level.1990": ("Malin", "Clever"),
    "awele.level.strong": ("Champion", "Champion"),
    "awele.level.random.about": ("Il joue au hasard.", "It plays at random."),
    "awele.level.1990.about": (
        "Le programme de 1990 des élèves de Rouen : il prévoit 4 coups.",
        "The 1990 program by the Rouen students: it looks 4 moves ahead.",
    ),
    "awele.level.strong.about": (
        "Il cherche pendant une seconde, de plus en plus loin.",
        "It searches for a second, deeper and deeper.",
    ),
    # The "who plays" card: the game's own questions.
    "awele.setup.pits": ("Quel plateau ?", "Which board?"),
    "awele.setup.pits.12": ("Grand : 12 cases", "Big: 12 pits"),
    "awele.setup.pits.4": ("Petit : 4 cases", "Small: 4 pits"),
    "awele.setup.seeds": ("Combien de graines par case ?", "How many seeds in each pit?"),
    # Whose turn.
    "awele.turn": (
        "À toi, {name} ! Choisis une case de ta rangée, {row}.",
        "Your turn, {name}! Pick a pit in your row, {row}.",
    ),
    "awele.turn.you": ("À toi ! Choisis une case de ta rangée, {row}.", "Your turn! Pick a pit in your row, {row}."),
    "awele.turn.computer": ("{name} réfléchit…", "{name} is thinking…"),
    "awele.checking": (
        "Les graines font beaucoup de tours… Je vérifie qu'elles finissent par s'arrêter !",
        "The seeds go round many times… Checking that they stop in the end!",
    ),
    # A move, step by step.
    "awele.sowing": ("{name} sème les graines…", "{name} sows the seeds…"),
    "awele.sowing.you": ("Tu sèmes les graines…", "You sow the seeds…"),
    "awele.relay": (
        "Relais ! La case n'était pas vide : on reprend ses graines et on continue.",
        "Relay! The pit was not empty: pick up its seeds and go on.",
    ),
    "awele.capture": ("{name} prend {seeds} dans la case d'en face !", "{name} takes {seeds} from the pit opposite!"),
    "awele.capture.you": ("Tu prends {seeds} dans la case d'en face !", "You take {seeds} from the pit opposite!"),
    "awele.stop.other_row": (
        "La dernière graine tombe dans une case vide de l'autre rangée : rien à prendre.",
        "The last seed lands in an empty pit of the other row: nothing to take.",
    ),
    "awele.stop.nothing_opposite": (
        "La dernière graine tombe dans une case vide, mais la case d'en face est vide : rien à prendre.",
        "The last seed lands in an empty pit, but the pit opposite is empty: nothing to take.",
    ),
    "awele.last_seed": ("Il ne reste qu'une graine : {name} la prend !", "Only one seed is left: {name} takes it!"),
    "awele.last_seed.you": ("Il ne reste qu'une graine : tu la prends !", "Only one seed is left: you take it!"),
    # Passing.
    "awele.skip.empty": ("{name} ne peut pas jouer : sa rangée est vide.", "{name} cannot play: the row is empty."),
    "awele.skip.empty.you": ("Tu ne peux pas jouer : ta rangée est vide.", "You cannot play: your row is empty."),
    "awele.skip.loops": (
        "{name} ne peut pas jouer : toutes ses cases tourneraient en rond.",
        "{name} cannot play: every pit of the row would go round for ever.",
    ),
    "awele.skip.loops.you": (
        "Tu ne peux pas jouer : toutes tes cases tourneraient en rond.",
        "You cannot play: every pit of your row would go round for ever.",
    ),
    "awele.again": ("{name} rejoue !", "{name} plays again!"),
    "awele.again.you": ("Tu rejoues !", "You play again!"),
    # Taps that are not allowed.
    "awele.illegal.empty": (
        "Cette case est vide : choisis une case avec des graines !",
        "This pit is empty: pick one with seeds!",
    ),
    "awele.illegal.other": ("Ce n'est pas ta rangée !", "That is not your row!"),
    "awele.illegal.other.row": (
        "Ce n'est pas ta rangée ! La tienne est {row}.",
        "That is not your row! Yours is {row}.",
    ),
    "awele.illegal.not_a_pit": ("Choisis une case de 1 à {n}.", "Pick a pit from 1 to {n}."),
    "awele.illegal.over": ("La partie est finie.", "The game is over."),
    "awele.illegal.loop": (
        "Cette case tournerait en rond pour toujours : le même plateau revient tous les {period} relais. "
        "Choisis-en une autre !",
        "This pit would go round and round for ever: the same board comes back every {period} relays. "
        "Pick another one!",
    ),
    "awele.show_loop": ("Voir la boucle", "Show the loop"),
    "awele.showing_loop": (
        "Voici la boucle : relais {lap} sur {period}…",
        "Here is the loop: relay {lap} of {period}…",
    ),
    # The end.
    "awele.end.majority": ("{name} a plus de la moitié des graines.", "{name} has more than half of the seeds."),
    "awele.end.majority.you": ("Tu as plus de la moitié des graines !", "You have more than half of the seeds!"),
    "awele.end.last_seed": ("La dernière graine est prise.", "The last seed is taken."),
    "awele.end.no_moves": ("Plus personne ne peut jouer.", "Nobody can play any more."),
    "awele.end.repetition": ("Les graines tournent en rond sans fin.", "The seeds go round in circles for ever."),
    "awele.end.score": ("{name1} : {seeds1} – {name2} : {seeds2}.", "{name1}: {seeds1} – {name2}: {seeds2}."),
    # The rules pages.
    "awele.rules.title": ("Les règles de l'awélé (Ghana)", "The rules of Awele (Ghana)"),
    "awele.rules.p1.title": ("Semer", "Sowing"),
    "awele.rules.p1.text": (
        "Chacun a une rangée de cases : Rouge en bas (cases 1 à 6), Bleu en haut (cases 7 à 12). À ton "
        "tour, prends toutes les graines d'une de tes cases et pose-les une par une dans les cases "
        "suivantes, dans le sens inverse des aiguilles d'une montre.",
        "Each player has a row of pits: Red at the bottom (pits 1 to 6), Blue at the top (pits 7 to 12). "
        "On your turn, take all the seeds of one of your pits and drop them one by one into the next "
        "pits, anticlockwise.",
    ),
    "awele.rules.p2.title": ("Le relais", "The relay"),
    "awele.rules.p2.text": (
        "Si ta dernière graine tombe dans une case qui n'était pas vide, reprends toutes les graines de "
        "cette case et continue à semer. Tu t'arrêtes quand la dernière graine tombe dans une case vide. "
        "Ici, Rouge joue la case 3, puis repart des cases 7, 12, 5 et 11.",
        "If your last seed lands in a pit that was not empty, pick up all the seeds of that pit and go "
        "on sowing. You stop when the last seed lands in an empty pit. Here Red plays pit 3, then goes "
        "on from pits 7, 12, 5 and 11.",
    ),
    "awele.rules.p3.title": ("Prendre des graines", "Taking seeds"),
    "awele.rules.p3.text": (
        "Si ta dernière graine tombe dans une case vide de ta rangée, tu prends les graines de la case "
        "d'en face. Ici, Rouge s'arrête dans la case 5 et prend les 6 graines de la case 8. Le premier "
        "qui a plus de la moitié des graines gagne !",
        "If your last seed lands in an empty pit of your row, you take the seeds of the pit opposite. "
        "Here Red stops in pit 5 and takes the 6 seeds of pit 8. The first to have more than half of "
        "the seeds wins!",
    ),
    "awele.rules.p4.title": ("Les boucles sans fin", "Endless loops"),
    "awele.rules.p4.text": (
        "Parfois, les graines tournent sans jamais s'arrêter : sur ce petit plateau, après 8 relais, "
        "tout revient comme au début ! On n'a pas le droit de jouer une telle case. Si aucune de tes "
        "cases ne peut être jouée, l'autre rejoue. Les élèves de Rouen ont trouvé qu'environ un coup "
        "sur 1296 tourne ainsi en rond.",
        "Sometimes the seeds go round and never stop: on this little board, after 8 relays, everything "
        "is back as it started! Such a pit may not be played. If none of your pits can be played, the "
        "other player plays again. The Rouen students found that about one move in 1296 loops like "
        "this.",
    ),
    "awele.rules.loop.lap": ("relais {lap} sur {period}", "relay {lap} of {period}"),
    "awele.rules.source": (
        "D'après « le jeu d'awélé », MATh.en.JEANS, lycée Corneille de Rouen.",
        'After "le jeu d\'awélé", MATh.en.JEANS, lycée Corneille, Rouen.',
    ),
    # Science corner ("Les maths du jeu"): laps from the rules, loops found live (games/awele/maths.py).
    "awele.science.laps": ("Tours : {n}", "Laps: {n}"),
    "awele.science.explorer.tab": ("Explorateur de boucles", "Loop explorer"),
    "awele.science.explorer.sow": ("Semer une case", "Sow a pit"),
    "awele.science.explorer.stop": ("Arrêter", "Stop"),
    "awele.science.explorer.random": ("Au hasard", "Random"),
    "awele.science.explorer.clear": ("Vider", "Empty"),
    "awele.science.explorer.size": ("Passer à {n} cases", "Use {n} pits"),
    "awele.science.explorer.help": (
        "Touche une case pour y ajouter une graine, ou choisis « Au hasard ». Puis touche « Semer une "
        "case » et choisis la case à semer.",
        "Touch a pit to add a seed, or choose Random. Then touch Sow a pit and choose the pit to sow.",
    ),
    "awele.science.explorer.choose": ("Touche la case à semer.", "Touch the pit to sow."),
    "awele.science.explorer.going": (
        "Quand la dernière graine tombe dans une case pleine, on reprend toutes ses graines et on continue.",
        "When the last seed lands in a pit that is not empty, its seeds are all picked up and sowing goes on.",
    ),
    "awele.science.explorer.ended": (
        "La dernière graine est tombée dans une case vide : le coup s'arrête après {n} tours.",
        "The last seed fell into an empty pit: the move stops after {n} laps.",
    ),
    "awele.science.explorer.ended.one": (
        "La dernière graine est tombée dans une case vide : le coup s'arrête après {n} tour.",
        "The last seed fell into an empty pit: the move stops after {n} lap.",
    ),
    "awele.science.explorer.loop.now": (
        "Le plateau du départ revient, avec la même case à vider : on tournerait en rond pour toujours ! "
        "Période : {period} tours.",
        "The starting board comes back, with the same pit to empty: it would go round for ever! "
        "Period: {period} laps.",
    ),
    "awele.science.big.tab": ("La grande boucle", "The big loop"),
    "awele.science.big.again": ("Recommencer", "Start again"),
    "awele.science.big.speed": ("{n} tours par seconde", "{n} laps a second"),
    "awele.science.big.intro": (
        "Le plateau de l'article, où le joueur 2 sème la case cerclée de jaune. Reviendra-t-on au plateau de "
        "départ ?",
        "The article's board, where player 2 sows the pit ringed in yellow. Will the starting board ever come "
        "back?",
    ),
    "awele.science.big.found": (
        "Revoilà le plateau de départ après {period} tours : tout recommence, sans fin. L'article en avait "
        "compté {printed}.",
        "The starting board is back after {period} laps: it all starts again, for ever. The article counted "
        "{printed}.",
    ),
    "awele.science.small.tab": ("La petite boucle", "The small loop"),
    "awele.science.small.seed": ("Une graine", "One seed"),
    "awele.science.small.auto": ("Automatique", "Automatic"),
    "awele.science.small.manual": ("Pas à pas", "Step by step"),
    "awele.science.small.again": ("Recommencer", "Start again"),
    "awele.science.small.explain": (
        "Avec 4 cases, le joueur du bas sème la case en bas à droite. Regarde le plateau après chaque tour : "
        "le premier va revenir !",
        "With 4 pits, the bottom player sows the bottom right pit. Watch the board after each lap: the first "
        "one will come back!",
    ),
    "awele.science.small.found": (
        "Après {period} tours, revoilà le plateau du début : une boucle de période {period}, comme dans "
        "l'article. Un tel coup est interdit, sinon la partie ne finirait jamais.",
        "After {period} laps, the first board is back: a loop of period {period}, as in the article. Such a "
        "move is not allowed, or the game would never end.",
    ),
    "awele.science.small.strip": ("Le plateau après chaque tour", "The board after each lap"),
}
