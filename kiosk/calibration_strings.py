"""Strings of the camera calibration screen (:mod:`kiosk.calibration`): key -> (French, English).

The keys keep the ``vision.`` prefix: ``vision.problem.<reason>`` names each of the camera's
problems (:data:`vision.capture.PROBLEMS`).
"""

STRINGS: dict[str, tuple[str, str]] = {
    "vision.title": ("Réglage de la caméra", "Camera set-up"),
    "vision.subtitle": (
        "Pose le tapis sous la caméra : les 4 coins carrés doivent être visibles.",
        "Put the mat under the camera: all 4 square corners must be visible.",
    ),
    "vision.camera.running": ("Caméra : en marche", "Camera: running"),
    "vision.camera.reconnecting": ("Caméra débranchée… on réessaie", "Camera unplugged… retrying"),
    "vision.camera.stopped": ("Caméra arrêtée", "Camera stopped"),
    "vision.camera.ended": ("Enregistrement terminé", "Recording over"),
    "vision.camera.synthetic": (
        "Caméra de démonstration (image de synthèse)",
        "Demo camera (synthetic image)",
    ),
    "vision.problem.ok": ("Plateau lu", "Board read"),
    "vision.problem.waiting": ("En attente d'une image…", "Waiting for a frame…"),
    "vision.problem.motion": (
        "Ça bouge… on attend que tout soit immobile",
        "Something is moving… waiting for it to stop",
    ),
    "vision.problem.black": ("Image noire : l'objectif est-il caché ?", "Black frame: is the lens covered?"),
    "vision.problem.blurred": ("Image floue : fais la mise au point", "Blurred frame: adjust the focus"),
    "vision.problem.no_markers": (
        "Tapis introuvable : montre les 4 coins",
        "Mat not found: show all 4 corners",
    ),
    "vision.problem.wrong_game": ("Ce n'est pas le bon tapis", "This is the wrong mat"),
    "vision.problem.out_of_view": ("Le plateau dépasse de l'image", "Part of the board is out of the picture"),
    "vision.problem.covered": ("Une main cache le plateau", "A hand hides the board"),
    "vision.problem.unsure": ("Lecture incertaine", "Uncertain reading"),
    "vision.problem.overexposed": ("Papier trop blanc : baisse l'exposition", "Paper too white: lower the exposure"),
    "vision.problem.overexposed.lowering": (
        "Image trop claire : je baisse l'exposition…",
        "Picture too bright: lowering the exposure…",
    ),
    "vision.advice.hand": ("Enlevez la main du tapis", "Take the hand off the mat"),
    "vision.advice.tilt": ("Inclinez moins la caméra", "Tilt the camera less"),
    "vision.advice.lamp": ("Éloignez la lampe (ou montez-la)", "Move the lamp away (or higher)"),
    "vision.advice.exposure": ("Baissez l'exposition de la caméra", "Lower the camera's exposure"),
    "vision.advice.closer": ("Rapprochez la caméra du tapis", "Bring the camera nearer the mat"),
    "vision.stable": ("État stable n° {count}", "Stable state #{count}"),
    "vision.confidence": ("Confiance : {percent} %", "Confidence: {percent}%"),
    "vision.calibrated": (
        "Couleurs réglées sur la position de départ",
        "Colours set from the start position",
    ),
    "vision.not_calibrated": ("Couleurs : réglage automatique", "Colours: automatic"),
    "vision.button.calibrate": ("Régler", "Calibrate"),
    "vision.button.hand": ("Main", "Hand"),
    "vision.button.move": ("Jouer un coup", "Play a move"),
    "vision.game": ("Tapis : {game}", "Mat: {game}"),
}
