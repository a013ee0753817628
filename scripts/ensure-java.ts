// The W3C Nu HTML checker (vnu.jar, from the vnu-jar package) runs on Java: Debian's headless
// runtime, installed from Debian's packages when missing (see debian-packages.ts). vnu-jar's own
// install script, which would download a JDK, is not allowed to run.
import { ensureDebianPackages } from './debian-packages.ts';

export function ensureJava(path = process.env.JAVA_PATH || '/usr/bin/java'): void {
  ensureDebianPackages('Java', [path], ['default-jre-headless'], '  (or set JAVA_PATH to a java binary)');
}
