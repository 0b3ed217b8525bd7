// Kiosk LED board: an Arduino + FastLED sketch that speaks Adalight, like WLED's serial input,
// for builders who do not flash WLED. See ../README.md for the wiring.
//
// What it does: says "Ada\n" at start and every second while nothing arrives (the kiosk's
// `led-detect` listens for it), shows every complete Adalight frame once the line pauses (so that
// no byte arrives while FastLED writes the strip with interrupts off: see show_gate.h), and
// switches the LEDs off after 5 s without a frame (the kiosk resends every second, so silence
// means it has stopped).
#include <FastLED.h>
#include "adalight_parser.h"
#include "show_gate.h"

// ---- Change these to match your board -----------------------------------------------------
#define NUM_LEDS 272           // 25 for a Lewthwaite board, 272 for Lightning (the kiosk may send fewer)
#define DATA_PIN 6             // the strip's DIN, through a 330 ohm resistor
#define LED_TYPE WS2812B
#define COLOR_ORDER GRB        // the strip's own order (GRB for WS2812B): the kiosk sends R G B
                               // (its default "colour_order": "RGB") and FastLED reorders.
#define SERIAL_BAUD 115200     // the kiosk's --led-baud; faster on a 16 MHz Uno/Nano: 500000 or 1000000
                               // (921600 is 8 % off on a 16 MHz clock: frames would be garbled)
#define MAX_MILLIAMPS 2000     // FastLED dims the strip so it never draws more than this
// --------------------------------------------------------------------------------------------

CRGB leds[NUM_LEDS];
AdalightParser parser(reinterpret_cast<uint8_t *>(leds), NUM_LEDS);
// quiet for 3 byte times (10 bits each) after a frame: the kiosk has paused, the strip may be written
ShowGate gate(30000000UL / SERIAL_BAUD, 250000UL);
uint32_t lastByteMs = 0, lastByteUs = 0, lastFrameMs = 0, lastGreetingMs = 0;

void show(uint32_t nowMs) {
  FastLED.show();  // interrupts off for about 30 us per LED: nothing may arrive meanwhile
  gate.shown();
  lastFrameMs = nowMs;
}

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
    uint8_t received = static_cast<uint8_t>(Serial.read());
    now = millis();
    lastByteMs = now;
    lastByteUs = micros();
    if (parser.feed(received, now)) {
      // LEDs the frame did not carry are switched off, so a smaller board leaves no stale colours.
      for (uint32_t i = parser.count(); i < NUM_LEDS; i++) leds[i] = CRGB::Black;
      if (gate.frame_complete(lastByteUs)) show(now);
    } else if (parser.receiving()) {
      gate.overwritten();
    }
  }
  // The receive buffer is never emptied by hand: what arrived is the next frame, read in full.
  if (gate.quiet(micros(), lastByteUs)) show(now);
  if (now - lastByteMs > 1000 && now - lastGreetingMs > 1000) {
    Serial.print("Ada\n");  // "I am here" while the host is silent, as the original Adalight sketch does
    lastGreetingMs = now;
  }
  if (lastFrameMs != 0 && now - lastFrameMs > 5000) {
    FastLED.clear(true);
    lastFrameMs = 0;
  }
}
