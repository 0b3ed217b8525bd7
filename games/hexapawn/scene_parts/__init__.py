"""Parts of the Hexapawn screens: the kiosk's learning machine (:mod:`.learning`)."""
