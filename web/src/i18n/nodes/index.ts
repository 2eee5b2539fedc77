// Each node kind's words, one file per kind (its panel's labels and hints).
import { assistant } from "./assistant";
import { analyzer } from "./analyzer";
import { vectorstore } from "./vectorstore";
import { filedb } from "./filedb";
import { filerepository } from "./filerepository";
import { googledoc } from "./googledoc";
import { googlesheet } from "./googlesheet";
import { functionNode } from "./function";
import { telegram } from "./telegram";
import { apidefinition } from "./apidefinition";
import { request } from "./request";
import { scheduler } from "./scheduler";
import { trigger } from "./trigger";
import { sms } from "./sms";
import { iframe } from "./iframe";
import { wordpress } from "./wordpress";
import { container } from "./container";
import { testframe } from "./testframe";
import { instruction } from "./instruction";

export const nodes = {
  assistant,
  analyzer,
  vectorstore,
  filedb,
  filerepository,
  googledoc,
  googlesheet,
  function: functionNode,
  telegram,
  apidefinition,
  request,
  scheduler,
  trigger,
  sms,
  iframe,
  wordpress,
  container,
  testframe,
  instruction,
} as const;
