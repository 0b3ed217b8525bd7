// Kiosk LED board: an Arduino + FastLED sketch that speaks Adalight, like WLED's serial input,
// for builders who do not flash WLED. See ../README.md for the wiring.
//
// What it does: says "Ada\n" at start and every second while nothing arrives (the kiosk's
// `led-detect` listens for it), shows every complete Adalight frame, and switches the LEDs off
// after 5 s without a frame (the kiosk resends every second, so silence means it has stopped).
#include <FastLED.h>
#include "adalight_parser.h"

// ---- Change these to match your board -----------------------------------------------------
#define NUM_LEDS 272           // 25 for a Lewthwaite board, 272 for Lightning (the kiosk may send fewer)
#define DATA_PIN 6             // the strip's DIN, through a 330 ohm resistor
#define LED_TYPE WS2812B
#define COLOR_ORDER GRB        // the strip's own order (GRB for WS2812B): the kiosk sends R G B
                               // (its default "colour_order": "RGB") and FastLED reorders.
#define SERIAL_BAUD 115200     // the kiosk's --led-baud (921600 works on most USB-serial chips)
#define MAX_MILLIAMPS 2000     // FastLED dims the strip so it never draws more than this
// --------------------------------------------------------------------------------------------

CRGB leds[NUM_LEDS];
AdalightParser parser(reinterpret_cast<uint8_t *>(leds), NUM_LEDS);
uint32_t lastByteMs = 0, lastFrameMs = 0, lastGreetingMs = 0;

void setup() {
  FastLED.addLeds<LED_TYPE, DATA_PIN, COLOR_ORDER>(leds, NUM_LEDS);
  FastLED.setMaxPowerInVoltsAndMilliamps(5, MAX_MILLIAMPS);
  FastLED.clear(true);
  Serial.begin(SERIAL_BAUD);
  Serial.print("Ada\n");
  lastGreetingMs = millis();
}

void loop() {
  uint32_t now = millis();
  while (Serial.available() > 0) {
    now = millis();
    lastByteMs = now;
    if (parser.feed(static_cast<uint8_t>(Serial.read()), now)) {
      // LEDs the frame did not carry are switched off, so a smaller board leaves no stale colours.
      for (uint32_t i = parser.count(); i < NUM_LEDS; i++) leds[i] = CRGB::Black;
      FastLED.show();
      lastFrameMs = now;
    }
  }
  if (now - lastByteMs > 1000 && now - lastGreetingMs > 1000) {
    Serial.print("Ada\n");  // "I am here" while the host is silent, as the original Adalight sketch does
    lastGreetingMs = now;
  }
  if (lastFrameMs != 0 && now - lastFrameMs > 5000) {
    FastLED.clear(true);
    lastFrameMs = 0;
  }
}
