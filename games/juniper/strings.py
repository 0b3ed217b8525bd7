"""Visible strings of Juniper Green: key -> (French, English)."""

STRINGS: dict[str, tuple[str, str]] = {
    "juniper.title": ("Juniper Green", "Juniper Green"),
    "juniper.tagline": (
        "Multiples et diviseurs : qui sera bloqué ?",
        "Multiples and divisors: who gets stuck?",
    ),
    "juniper.end.blocked": (
        "Le joueur {loser} ne peut plus jouer : le joueur {winner} a gagné.",
        "Player {loser} cannot play any more: player {winner} has won.",
    ),
    "juniper.illegal.not_a_number": ("Choisis un nombre de 1 à {n}.", "Pick a number from 1 to {n}."),
    "juniper.illegal.range": ("Choisis un nombre de 1 à {n}.", "Pick a number from 1 to {n}."),
    "juniper.illegal.over": ("La partie est finie.", "The game is over."),
    "juniper.rule.short": (
        "Nombres de 1 à {n} · un multiple ou un diviseur du précédent",
        "Numbers 1 to {n} · a multiple or a divisor of the last one",
    ),
    "juniper.rules.title": ("Juniper Green : la règle et les astuces", "Juniper Green: the rule and the tricks"),
    # Levels: words for children, the same in every game (Bébé plays at random, Champion is the
    # strongest); the article's names IA0..IA4 are only in the "about" sentences, for the curious.
    "juniper.level.random": ("Bébé", "Baby"),
    "juniper.level.human": ("Débutant", "Beginner"),
    "juniper.level.semi-expert": ("Futé", "Smart"),
    "juniper.level.expert": ("Expert", "Expert"),
    "juniper.level.montecarlo": ("Lanceur de dés", "Dice roller"),
    "juniper.level.perfect": ("Champion", "Champion"),
    "juniper.about.hotseat": (
        "Deux personnes jouent chacune à leur tour sur le même écran.",
        "Two people take turns on the same screen.",
    ),
    "juniper.about.random": (
        "Joue n'importe quel nombre permis, au hasard (l'IA0 de l'article).",
        "Plays any allowed number, at random (the article's IA0).",
    ),
    "juniper.about.human": (
        "Sait que 1 est un poison, et qu'après 1, un grand nombre premier gagne. Sinon, joue au hasard "
        "(l'IA1 de l'article).",
        "Knows that 1 is poison, and that after 1 a big prime wins. Otherwise plays at random (the "
        "article's IA1).",
    ),
    "juniper.about.semi-expert": (
        "Comme le Débutant, et regarde un coup plus loin : évite les pièges comme 14 quand N = 20 "
        "(l'IA2 de l'article).",
        "Like the Beginner, and looks one move ahead: avoids traps such as 14 when N = 20 (the "
        "article's IA2).",
    ),
    "juniper.about.expert": (
        "Évite les pièges et laisse à son adversaire le moins de réponses possible (l'IA3 de l'article).",
        "Avoids traps and leaves its opponent as few replies as possible (the article's IA3).",
    ),
    "juniper.about.montecarlo": (
        "Imagine des centaines de parties au hasard après chaque coup et choisit celui qui gagne le plus "
        "souvent (l'IA4 de l'article, dite « Monte-Carlo »).",
        "Imagines hundreds of random games after each move and picks the one that wins most often (the "
        "article's IA4, called \"Monte Carlo\").",
    ),
    "juniper.about.perfect": (
        "Connaît la stratégie gagnante (les paires de copains) : imbattable quand il peut gagner !",
        "Knows the winning strategy (the pairs of friends): unbeatable whenever it can win!",
    ),
    "juniper.who.player1": ("Rouge", "Red"),
    "juniper.who.player2": ("Bleu", "Blue"),
    # Sentences about a player: one per person, French grammar needs it.
    "juniper.turn.you": ("À toi de jouer !", "Your turn!"),
    "juniper.turn.computer": ("L'ordinateur joue…", "The computer is playing…"),
    "juniper.turn.level": ("{who} joue…", "{who} is playing…"),
    "juniper.turn.colour": ("À {who} de jouer !", "{who}'s turn!"),
    "juniper.win.you": ("Tu as gagné !", "You won!"),
    "juniper.win.computer": ("L'ordinateur a gagné", "The computer won"),
    "juniper.win.level": ("{who} gagne !", "{who} wins!"),
    "juniper.win.colour": ("{who} gagne !", "{who} wins!"),
    "juniper.blocked.you": ("Tu ne peux rien jouer après {last}.", "You cannot play anything after {last}."),
    "juniper.blocked.computer": (
        "L'ordinateur ne peut rien jouer après {last}.",
        "The computer cannot play anything after {last}.",
    ),
    "juniper.blocked.level": (
        "{who} ne peut rien jouer après {last}.",
        "{who} cannot play anything after {last}.",
    ),
    "juniper.blocked.colour": (
        "{who} ne peut rien jouer après {last}.",
        "{who} cannot play anything after {last}.",
    ),
    # After the big count: "0 nombre possible pour toi", "1 seul nombre…", "3 nombres…".
    "juniper.replies.none.you": ("nombre possible pour toi", "numbers you can play"),
    "juniper.replies.none.computer": ("nombre possible pour l'ordinateur", "numbers the computer can play"),
    "juniper.replies.none.level": ("nombre possible pour {who}", "numbers {who} can play"),
    "juniper.replies.none.colour": ("nombre possible pour {who}", "numbers {who} can play"),
    "juniper.replies.one.you": ("seul nombre possible pour toi", "number you can play"),
    "juniper.replies.one.computer": ("seul nombre possible pour l'ordinateur", "number the computer can play"),
    "juniper.replies.one.level": ("seul nombre possible pour {who}", "number {who} can play"),
    "juniper.replies.one.colour": ("seul nombre possible pour {who}", "number {who} can play"),
    "juniper.replies.many.you": ("nombres possibles pour toi", "numbers you can play"),
    "juniper.replies.many.computer": ("nombres possibles pour l'ordinateur", "numbers the computer can play"),
    "juniper.replies.many.level": ("nombres possibles pour {who}", "numbers {who} can play"),
    "juniper.replies.many.colour": ("nombres possibles pour {who}", "numbers {who} can play"),
    "juniper.replies.over": ("nombre possible : la partie est finie", "numbers left: the game is over"),
    "juniper.illegal.used": ("{move} a déjà été joué : chaque nombre ne sert qu'une fois.",
                             "{move} has already been played: each number is used only once."),
    "juniper.illegal.odd": ("Le premier nombre doit être pair : {move} est impair.",
                            "The first number must be even: {move} is odd."),
    "juniper.illegal.neither": ("{move} n'est ni un multiple ni un diviseur de {last}.",
                                "{move} is neither a multiple nor a divisor of {last}."),
    "juniper.hint.thinking": ("Je cherche le meilleur coup…", "Looking for the best move…"),
    "juniper.side.start": ("Choisis un nombre pair pour commencer.", "Pick an even number to start."),
    "juniper.side.follow": (
        "Joue un multiple ou un diviseur de {last} qui n'est pas encore pris.",
        "Play a multiple or a divisor of {last} that is still free.",
    ),
    "juniper.side.preview": (
        "Si tu joues {move}, ton adversaire aura {count} réponses possibles.",
        "If you play {move}, your opponent will have {count} possible replies.",
    ),
    "juniper.side.preview.one": (
        "Si tu joues {move}, ton adversaire n'aura qu'une seule réponse.",
        "If you play {move}, your opponent will have only one reply.",
    ),
    "juniper.side.preview.none": (
        "Si tu joues {move}, ton adversaire ne pourra plus rien jouer !",
        "If you play {move}, your opponent will have nothing left to play!",
    ),
    "juniper.hint.win_now": (
        "Tu peux gagner tout de suite : joue {move} ! Après {move}, ton adversaire ne pourra plus rien jouer.",
        "You can win right now: play {move}! After {move}, your opponent cannot play anything.",
    ),
    "juniper.hint.win_one": (
        "Tu peux gagner : joue {move} ! Après {move}, ton adversaire ne pourra jouer que 1, le poison.",
        "You can win: play {move}! After {move}, your opponent can only play 1, the poison.",
    ),
    "juniper.hint.win": ("Tu peux gagner : joue {move} !", "You can win: play {move}!"),
    "juniper.hint.lose": (
        "Ton adversaire peut gagner s'il ne se trompe jamais. Pour tenir le plus longtemps, joue {move}.",
        "Your opponent can win if they never make a mistake. To hold out as long as you can, play {move}.",
    ),
    "juniper.chain.label": ("Partie :", "Game:"),
    "juniper.chain.empty": ("Les nombres joués s'aligneront ici.", "The numbers played will line up here."),
    # Buttons and setup
    "juniper.button.why": ("Pourquoi ?", "Why?"),
    "juniper.setup.numbers": (
        "Jusqu'à quel nombre ? (plus petit = plus facile)",
        "Up to which number? (smaller = easier)",
    ),
    # Explainer (facts from the IREM de la Réunion article, 2017)
    "juniper.explain.rules.title": ("La règle du jeu", "How to play"),
    "juniper.explain.rules.text": (
        "On joue avec les nombres de 1 à {n}. Le premier joueur choisit un nombre pair. Ensuite, chacun à "
        "son tour choisit un multiple ou un diviseur du nombre d'avant. Un nombre ne sert qu'une fois. "
        "Celui qui ne peut plus jouer a perdu !",
        "You play with the numbers 1 to {n}. The first player picks an even number. Then, in turn, each "
        "player picks a multiple or a divisor of the number before. Each number can be used only once. "
        "Whoever cannot play any more loses!",
    ),
    "juniper.explain.rules.caption": (
        "6 puis 3 (diviseur), 12 (multiple), 4 (diviseur)…",
        "6 then 3 (divisor), 12 (multiple), 4 (divisor)…",
    ),
    "juniper.explain.rules.wrong": (
        "Interdit : 9 n'est ni un multiple ni un diviseur de 4.",
        "Not allowed: 9 is neither a multiple nor a divisor of 4.",
    ),
    "juniper.explain.one.title": ("1 est un poison", "1 is poison"),
    "juniper.explain.one.text": (
        "1 divise tous les nombres : après 1, l'adversaire peut jouer n'importe quel nombre libre. Il "
        "choisira un nombre qui ne laisse plus rien à jouer… Le but du jeu est donc d'obliger l'autre à "
        "jouer 1.",
        "1 divides every number: after 1, the opponent may play any free number. They will pick one that "
        "leaves nothing to play… So the aim of the game is to force the other player to play 1.",
    ),
    "juniper.explain.primes.title": ("Les grands nombres premiers", "The big primes"),
    "juniper.explain.primes.text": (
        "Un nombre premier n'a que deux diviseurs : 1 et lui-même. S'il est plus grand que la moitié "
        "de {n}, son double dépasse {n} : il n'a aucun autre multiple dans le jeu. Après lui, il ne "
        "reste que 1 ! C'est pour cela que le premier nombre doit être pair : sinon, le premier joueur "
        "commencerait par l'un d'eux et gagnerait facilement.",
        "A prime number has only two divisors: 1 and itself. If it is larger than half of {n}, its double "
        "is more than {n}: it has no other multiple in the game. After it, only 1 is left! That is why "
        "the first number must be even: otherwise, the first player would start with one of them and "
        "win easily.",
    ),
    "juniper.explain.primes.caption": (
        "Pour N = {n} : après 1, chacun de ces nombres bloque l'adversaire.",
        "For N = {n}: after 1, each of these numbers blocks the opponent.",
    ),
    "juniper.explain.fourteen.title": ("Le coup qui fait perdre", "The move that loses"),
    "juniper.explain.fourteen.text": (
        "Dans le jeu, {prime} n'a que deux multiples ou diviseurs : 1 et {move}. Si tu joues {move}, ton "
        "adversaire joue {prime}, et il ne te reste que 1. Tu joues 1… et il répond un nombre premier plus "
        "grand que {half}, comme {blocker} : tu es bloqué. Pour N = 20, c'est 14 : les ordinateurs "
        "« humains » de l'article ne le jouent jamais !",
        "In the game, {prime} has only two multiples or divisors: 1 and {move}. If you play {move}, your "
        "opponent plays {prime}, and only 1 is left for you. You play 1… and they answer a prime larger "
        "than {half}, such as {blocker}: you are stuck. For N = 20 it is 14: the article's \"human\" "
        "computer players never play it!",
    ),
    "juniper.explain.fourteen.step1": (
        "Rouge joue {move}. Bleu répond {prime}.",
        "Red plays {move}. Blue answers {prime}.",
    ),
    "juniper.explain.fourteen.step2": ("Après {prime}, Rouge n'a plus que 1.", "After {prime}, Red only has 1."),
    "juniper.explain.fourteen.step3": (
        "Bleu joue {blocker} : Rouge est bloqué.",
        "Blue plays {blocker}: Red is stuck.",
    ),
    "juniper.explain.strata.title": ("Le piège en couches", "The trap in layers"),
    "juniper.explain.strata.text": (
        "Au cœur du piège : les parties où l'adversaire vient de jouer 1. Couche 1 : les coups qui ne "
        "lui laissent que 1. Couche 2 : les parties où un coup mène à la couche 1, et ainsi de suite. "
        "Une partie finit toujours, donc l'un des deux joueurs a une stratégie gagnante ! Voici des "
        "débuts de partie de chaque couche pour N = {n}. (L'article appelle les couches P0, P1, P2.)",
        "At the heart of the trap: games where the opponent has just played 1. Layer 1: moves that leave "
        "them nothing but 1. Layer 2: games where one move leads into layer 1, and so on. A game always "
        "ends, so one of the two players has a winning strategy! Here are game openings from each layer "
        "for N = {n}. (The article calls the layers P0, P1, P2.)",
    ),
    "juniper.explain.strata.p0": ("Cœur", "Heart"),
    "juniper.explain.strata.p1": ("Couche 1", "Layer 1"),
    "juniper.explain.strata.p2": ("Couche 2", "Layer 2"),
    "juniper.explain.strata.legend": ("{layer} : {games}", "{layer}: {games}"),
    "juniper.explain.matching.title": ("Le secret du Champion", "The Champion's secret"),
    "juniper.explain.matching.text": (
        "Relie les nombres par paires de « copains » (l'un divise l'autre), en faisant le plus de paires "
        "possible. Le premier joueur gagne s'il peut commencer par un nombre pair resté sans copain. "
        "Ensuite, à chaque coup, il répond par le copain du nombre joué ! {conclusion}",
        'Join the numbers in pairs of "friends" (one divides the other), making as many pairs as possible. '
        "The first player wins if they can start with an even number left without a friend. Then, each "
        "time, they answer with the friend of the number just played! {conclusion}",
    ),
    "juniper.explain.matching.first": ("Pour N = {n}, on commence par {start}.", "For N = {n}, start with {start}."),
    "juniper.explain.matching.second": (
        "Pour N = {n}, aucun nombre pair ne reste seul : le second joueur gagne.",
        "For N = {n}, no even number is left alone: the second player wins.",
    ),
    # Science corner ("Les maths du jeu"): every figure is computed (games/juniper/maths.py, solver.py).
    "juniper.science.player.1": ("Rouge", "Red"),
    "juniper.science.player.2": ("Bleu", "Blue"),
    "juniper.science.table.tab": ("Qui gagne ?", "Who wins?"),
    "juniper.science.table.proof": ("Voir la preuve", "See the proof"),
    "juniper.science.table.progress": ("N = {n} sur {total}", "N = {n} of {total}"),
    "juniper.science.table.list": ("Le second joueur gagne pour N =", "The second player wins for N ="),
    "juniper.science.table.first": ("Le 1er gagne : {k} fois", "1st player wins: {k} times"),
    "juniper.science.table.second": ("Le 2e gagne : {k} fois", "2nd player wins: {k} times"),
    "juniper.science.table.first.one": ("Le 1er gagne : {k} fois", "1st player wins: {k} time"),
    "juniper.science.table.second.one": ("Le 2e gagne : {k} fois", "2nd player wins: {k} time"),
    "juniper.science.table.pick.none": ("Touche une case pour choisir N.", "Touch a square to choose N."),
    "juniper.science.table.pick.first": ("N = {n} : le premier joueur gagne.", "N = {n}: the first player wins."),
    "juniper.science.table.pick.second": ("N = {n} : le second joueur gagne !", "N = {n}: the second player wins!"),
    "juniper.science.table.computing": (
        "Pour chaque N, l'ordinateur cherche le plus de paires de nombres « l'un divise l'autre ». L'article "
        "s'arrêtait à N = 50 : sa méthode devenait trop lente.",
        "For each N, the computer looks for as many pairs of numbers as it can, one dividing the other. The "
        "article stopped at N = 50: its method got too slow.",
    ),
    "juniper.science.table.pattern": (
        "De N = 1 à N = {total}, le second joueur ne gagne que {k} fois, la dernière pour N = {last}. Avec "
        "beaucoup de nombres, quand on fait le plus de paires « l'un divise l'autre », il reste presque "
        "toujours un nombre pair tout seul : le premier joueur commence par lui.",
        "From N = 1 to N = {total}, the second player wins only {k} times, the last one for N = {last}. With "
        "many numbers, when you make as many pairs as possible, one dividing the other, an even number is "
        "nearly always left alone: the first player starts with it.",
    ),
    "juniper.science.legend.pair": ("paire", "pair"),
    "juniper.science.legend.alone": ("seul", "alone"),
    "juniper.science.legend.start": ("départ", "start"),
    "juniper.science.proof.tab": ("La preuve pour un N", "The proof for one N"),
    "juniper.science.proof.new": ("Autre partie", "Another game"),
    "juniper.science.proof.n": ("N = {n}", "N = {n}"),
    "juniper.science.proof.first": ("Le premier joueur gagne", "The first player wins"),
    "juniper.science.proof.second": ("Le second joueur gagne", "The second player wins"),
    "juniper.science.proof.begin": ("Rouge choisit un nombre pair au hasard…", "Red picks an even number at random…"),
    "juniper.science.proof.opening": (
        "Rouge commence par {k}, le nombre pair resté seul.",
        "Red starts with {k}, the even number left alone.",
    ),
    "juniper.science.proof.move": ("{player} joue {k}, au hasard.", "{player} plays {k}, at random."),
    "juniper.science.proof.answer": (
        "{player} répond {k} : le copain de {other} !",
        "{player} answers {k}: the friend of {other}!",
    ),
    "juniper.science.proof.stuck": (
        "Après {last}, {player} n'a plus rien à jouer : bloqué !",
        "After {last}, {player} has nothing left to play: stuck!",
    ),
    "juniper.science.proof.why.first": (
        "On relie les nombres de 1 à {n} par paires où l'un divise l'autre (en vert) : on peut en faire "
        "{pairs} au plus, en laissant {start} tout seul. Rouge commence par {start}, puis répond toujours "
        "par le copain du nombre que Bleu vient de jouer : Bleu finit bloqué.",
        "Join the numbers 1 to {n} in pairs where one divides the other (green): you can make {pairs} at "
        "most, leaving {start} alone. Red starts with {start}, then always answers with the friend of the "
        "number Blue has just played: Blue ends up stuck.",
    ),
    "juniper.science.proof.why.second": (
        "On relie les nombres de 1 à {n} par paires où l'un divise l'autre (en vert) : on peut en faire "
        "{pairs} au plus, mais jamais en laissant un nombre pair tout seul. Quel que soit le premier nombre de "
        "Rouge, Bleu répond par son copain, et ainsi de suite : Rouge finit bloqué.",
        "Join the numbers 1 to {n} in pairs where one divides the other (green): you can make {pairs} at "
        "most, but never leaving an even number alone. Whatever Red starts with, Blue answers with "
        "its friend, and so on: Red ends up stuck.",
    ),
}
