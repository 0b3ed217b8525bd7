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
}
