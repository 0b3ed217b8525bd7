"""Every visible awélé string: key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "awele.title": ("Awélé", "Awele"),
    "awele.tagline": ("Sème les graines, fais le relais et capture !", "Sow the seeds, relay and capture!"),
    "awele.player1": ("Rouge", "Red"),
    "awele.player2": ("Bleu", "Blue"),
    "awele.computer": ("l'ordinateur", "the computer"),
    "awele.level.human": ("un ami", "a friend"),
    "awele.level.random": ("Ordi bébé", "Baby computer"),
    "awele.level.1990": ("Ordi 1990", "1990 computer"),
    "awele.level.strong": ("Ordi fort", "Strong computer"),
    "awele.small": ("Petit plateau (4)", "Small board (4)"),
    "awele.big": ("Grand plateau (12)", "Big board (12)"),
    "awele.opponent": ("Bleu : {level}", "Blue: {level}"),
    "awele.turn": (
        "À toi, {name} : choisis une case de ta rangée !",
        "Your turn, {name}: pick a pit in your row!",
    ),
    "awele.turn.computer": ("{name} réfléchit…", "{name} is thinking…"),
    "awele.sowing": ("{name} sème les graines…", "{name} is sowing…"),
    "awele.relay": (
        "Relais ! La case n'était pas vide : on reprend ses graines.",
        "Relay! The pit was not empty: pick up its seeds and go on.",
    ),
    "awele.capture": ("{name} capture {count} graines !", "{name} captures {count} seeds!"),
    "awele.capture.none": (
        "Dernière graine dans une case vide : c'est fini pour ce tour.",
        "Last seed in an empty pit: the turn is over.",
    ),
    "awele.last_seed": (
        "Il ne reste qu'une graine : {name} la prend.",
        "Only one seed left: {name} takes it.",
    ),
    "awele.skip.empty": (
        "{name} ne peut pas jouer (sa rangée est vide) : {other} rejoue !",
        "{name} can't play (empty row): {other} plays again!",
    ),
    "awele.skip.loops": (
        "{name} ne peut pas jouer (toutes ses cases boucleraient) : {other} rejoue !",
        "{name} can't play (every pit would loop): {other} plays again!",
    ),
    "awele.illegal.empty": ("Cette case est vide !", "This pit is empty!"),
    "awele.illegal.not_a_pit": ("Choisis une case de 1 à {n}.", "Pick a pit from 1 to {n}."),
    "awele.illegal.over": ("La partie est finie.", "The game is over."),
    "awele.illegal.other": ("Ce n'est pas ta rangée !", "That is not your row!"),
    "awele.illegal.loop": (
        "Cette case bouclerait à l'infini : le même plateau reviendrait tous les "
        "{period} tours. Choisis-en une autre !",
        "This pit would loop forever: the same board would come back every {period} laps. Pick another one!",
    ),
    "awele.checking": (
        "Les graines tournent longtemps… je vérifie qu'elles finissent par s'arrêter !",
        "The seeds go round and round… checking that they stop in the end!",
    ),
    "awele.show_loop": ("Voir la boucle", "Show the loop"),
    "awele.showing_loop": (
        "Voici la boucle : tour {lap} sur {period}…",
        "Here is the loop: lap {lap} of {period}…",
    ),
    "awele.end.majority": (
        "{name} a plus de la moitié des graines !",
        "{name} holds more than half of the seeds!",
    ),
    "awele.end.last_seed": (
        "La dernière graine est prise : fin de la partie.",
        "The last seed is taken: game over.",
    ),
    "awele.end.no_moves": (
        "Plus personne ne peut jouer : fin de la partie.",
        "Nobody can play any more: game over.",
    ),
    "awele.end.repetition": (
        "Le jeu tourne en rond : fin de la partie.",
        "The game goes round in circles: game over.",
    ),
    "awele.end.winner": ("{name} gagne {a} à {b} !", "{name} wins {a} to {b}!"),
    "awele.end.draw": ("Match nul, {a} partout !", "A draw, {a} all!"),
    "awele.score": ("{name} : {count} graines", "{name}: {count} seeds"),
    "awele.score.one": ("{name} : {count} graine", "{name}: {count} seed"),
    "awele.rules.title": ("Les règles de l'awélé (Ghana)", "The rules of awele (Ghana)"),
    "awele.rules.p1.title": ("Semer", "Sowing"),
    "awele.rules.p1.text": (
        "Chacun a une rangée de cases : Rouge en bas, Bleu en haut. À ton tour, prends toutes les graines "
        "d'une de tes cases et sème-les une par une dans les cases suivantes, dans le sens inverse des "
        "aiguilles d'une montre.",
        "Each player has a row of pits: Red at the bottom, Blue at the top. On your turn, take all the "
        "seeds of one of your pits and sow them one by one into the following pits, counterclockwise.",
    ),
    "awele.rules.p2.title": ("Le relais", "The relay"),
    "awele.rules.p2.text": (
        "Si la dernière graine tombe dans une case qui n'était pas vide, reprends toutes les graines de "
        "cette case et continue à semer. Tu t'arrêtes quand la dernière graine tombe dans une case vide. "
        "Ici, Rouge joue la case 3 et repart des cases 7, 12, 5 et 11.",
        "If the last seed falls into a pit that was not empty, pick up all the seeds of that pit and go "
        "on sowing. You stop when the last seed falls into an empty pit. Here Red plays pit 3 and goes "
        "on from pits 7, 12, 5 and 11.",
    ),
    "awele.rules.p3.title": ("La capture", "Capturing"),
    "awele.rules.p3.text": (
        "Si ta dernière graine tombe dans une case vide de ta rangée, tu prends les graines de la case "
        "d'en face. Rouge s'arrête dans la case 5 et gagne les 6 graines de la case 8. Le premier qui a "
        "plus de la moitié des graines gagne !",
        "If your last seed falls into an empty pit of your row, you take the seeds of the pit opposite. "
        "Red stops in pit 5 and wins the 6 seeds of pit 8. The first to hold more than half of the seeds "
        "wins!",
    ),
    "awele.rules.p4.title": ("Les boucles infinies", "Endless loops"),
    "awele.rules.p4.text": (
        "Parfois les graines tournent sans jamais s'arrêter : après 8 relais, ce petit plateau revient "
        "exactement comme au début ! Ces cases-là ne peuvent pas être jouées. Les élèves de Rouen ont "
        "estimé qu'un coup sur 1296 environ boucle ainsi.",
        "Sometimes the seeds go round and never stop: after 8 relays, this little board is exactly back "
        "where it started! Such pits cannot be played. The Rouen students estimated that about one move "
        "in 1296 loops like this.",
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
    "awele.science.explorer.loop": (
        "Le même plateau revient, avec la même case à vider : on tournerait en rond pour toujours ! "
        "Période : {period} tours (la boucle commence après {start} tours).",
        "The same board comes back, with the same pit to empty: it would go round for ever! "
        "Period: {period} laps (the loop starts after {start} laps).",
    ),
    "awele.science.big.tab": ("La grande boucle", "The big loop"),
    "awele.science.big.again": ("Recommencer", "Start again"),
    "awele.science.big.speed": ("{n} tours par seconde", "{n} laps a second"),
    "awele.science.big.intro": (
        "Le plateau de l'article, où le joueur 2 sème la case bleue. Reviendra-t-on au plateau de départ ?",
        "The article's board, where player 2 sows the blue pit. Will the starting board ever come back?",
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
