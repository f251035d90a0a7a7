/**
 * Language names for notices, and function words and sentence openers of the languages the parser recognises besides
 * English.
 */

const NAMES: Record<string, string> = {
  en: 'English',
  pt: 'Portuguese',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  nl: 'Dutch',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
};

const knownName = (code: string): string | undefined => NAMES[code.toLowerCase().split(/[-_]/)[0]];

/** "Portuguese"; "the language with code sv" for a language without a name here. */
export function languageName(code: string): string {
  return knownName(code) ?? `the language with code ${code}`;
}

/** The language as the object of a sentence: "the Portuguese"; "the language with code sv". */
export function theLanguage(code: string): string {
  const name = knownName(code);
  return name === undefined ? languageName(code) : `the ${name}`;
}

/** Whether the English model is the right reader: English, or a language the parser could not tell. */
export function readsAsEnglish(language: string | null): boolean {
  const code = (language ?? 'und').toLowerCase();
  return code === 'en' || code === 'und' || code.startsWith('en-') || code === '';
}

/** Written without spaces between words (Japanese, Chinese), or with particles joined to them (Korean): wink cannot split it into words. */
export function isUnspacedScript(language: string): boolean {
  return ['ja', 'zh', 'ko'].includes(language.toLowerCase().slice(0, 2));
}

/**
 * Frequent words (four letters or more; shorter words are never terms) that carry no topic; for Japanese, Chinese and
 * Korean, content words that name nothing on their own ("thing", "time", "we", "do").
 */
const FUNCTION_WORDS: Record<string, string> = {
  pt: `então aqui para isso esse essa este esta isto aquele aquela aquilo mais muito muita muitos muitas quando porque
    porquê como onde qual quais quem quanto quantos quantas também ainda agora depois antes sempre nunca nada tudo todo
    toda todos todas algum alguma alguns algumas outro outra outros outras mesmo mesma cada coisa coisas gente acho
    achei sabe saber seria será estava estou está estão estamos estar esteve foram fosse tenho temos tinha tendo teria
    fazer faço feito fica ficar vamos pode poderia posso podemos deve deveria tipo assim pelo pela pelos pelas numa
    dele dela deles delas você vocês eles elas minha meus minhas seus suas nosso nossa umas entre sobre desde após
    durante apenas somente talvez certo certa depende venho vejo vendo olha olhar quer querer dizer disse parece
    primeira primeiro segunda segundo exemplo forma jeito momento vezes hora dentro fora cima baixo lado frente tanto
    tanta pouco pouca nenhum nenhuma qualquer porém contudo entretanto embora pois logo portanto enquanto caso sendo
    eram havia haver pergunta resposta questão questões aqui acá daqui dali isso aquilo deu dava vai ia iria seja
    sejam estavam fiz fez fazendo colocar coloco coloca coisa aparece aparecer sei sabia consigo consegue conseguir
    estaria tô tava pra pro pros pras dois duas três quatro cinco seis sete oito nove quero queria marquei marcar
    coloquei cliquei clicar clico achar achou acho vou vai fui selecionar seleciono selecionei mostra mostrar`,
  es: `entonces aquí para esto este esta estos estas ese esa esos esas aquel aquella más muy mucho mucha muchos
    muchas cuando porque como donde cual cuales quien cuanto cuantos también todavía ahora después antes siempre
    nunca nada todo toda todos todas algún alguno alguna algunos algunas otro otra otros otras mismo misma cada cosa
    cosas gente creo sabe saber sería estaba estoy está están estamos estar fueron fuera tengo tenemos tenía
    teniendo tendría hacer hago hecho vamos puede podría puedo podemos debe debería tipo así pero sobre entre desde
    durante solo sólo quizás cierto pues bueno bien eso ella ellos ellas usted ustedes nuestro nuestra suyo suya
    pregunta respuesta tarea veces hora dentro fuera lado menos tanto tanta poco poca ningún ninguna cualquier
    aunque mientras caso siendo eran había haber hay allí ahí tres cuatro cinco seis siete ocho nueve quiero`,
  fr: `alors ici pour cela cette ceci celui celle ceux celles plus très beaucoup quand parce comme comment quel
    quelle quels quelles aussi encore maintenant après avant toujours jamais rien tout toute tous toutes autre autres
    même chaque chose choses gens crois sais savoir serait était suis sont sommes être été avoir avais avons avait
    faire fais fait allons peut pourrait peux pouvons doit devrait genre ainsi mais entre depuis pendant seulement
    peut-être certain certaine donc voilà bien elle elles nous vous leur leurs notre votre question réponse tâche
    fois heure dans dehors côté moins tant autant ceux quelque quelques aucun aucune pourtant quoique pendant étaient
    avait avoir c'est qu'il qu'on j'ai n'est deux trois quatre cinq sept huit neuf veux voulais`,
  de: `also hier dies diese dieser dieses jene jener mehr sehr viel viele wenn weil warum wann welche welcher
    welches auch noch jetzt nach danach vorher immer niemals nichts alles alle jede jeder jedes andere anderen
    anderer selbst sache sachen leute glaube weiß wissen wäre war waren sind sein bin haben habe hatte hatten machen
    mache gemacht gehen kann könnte können muss müssen sollte sollen sozusagen aber zwischen seit während nur
    vielleicht sicher dann denn doch eben etwas einfach eigentlich schon ganz halt genau bisschen ihre ihren unser
    unsere euer frage antwort aufgabe zeit stunde drin draußen seite weniger so etwas irgendwie irgendwas keine
    kein obwohl trotzdem damit dass wird werden wurde wurden gibt geben zwei drei vier fünf sechs sieben acht neun zehn will`,
  ja: `事 物 時 方 人 自分 今 皆 皆さん 私 僕 彼 彼女 場合 必要 非常 一番 全部 最初`,
  zh: `这个 那个 什么 我们 你们 他们 因为 所以 但是 如果 可以 就是 还是 已经 时候 东西 自己 现在`,
  ko: `해요 했어요 있어요 없어요 같아요 합니다 있습니다 그리고 그래서 하지만 그런데 저희 우리 제가 저는 이거 그거 정말 너무 진짜 조금
    그냥 다시 때문에`,
};

/**
 * Words that open a spoken sentence by leaning on the talk before it ("Então, …", "Bueno, …", "えー", "那么"): a title
 * leaves them out, as an English one leaves out "So" and "Well".
 */
const OPENERS: Record<string, string> = {
  pt: 'então aí daí bom bem tipo olha assim e mas né ok okay sim enfim',
  es: 'entonces bueno pues vale y pero ok okay sí o sea mira',
  fr: 'alors donc bon ben euh et mais voilà ok okay oui',
  de: 'also na ja naja und aber ok okay äh ähm genau',
  ja: 'えー ええ えっと あの あのー まあ じゃあ では で それで はい うん そう',
  zh: '那么 然后 嗯 呃 对',
};

/** A table's words as sets, by language code: built once, when the module loads (the tables are short). */
function setsOf(table: Record<string, string>): ReadonlyMap<string, ReadonlySet<string>> {
  return new Map(Object.entries(table).map(([code, list]) => [code, new Set(list.split(/\s+/).filter(Boolean))]));
}

const FUNCTION_WORD_SETS = setsOf(FUNCTION_WORDS);
const OPENER_SETS = setsOf(OPENERS);
const NONE: ReadonlySet<string> = new Set();

export function functionWords(language: string): ReadonlySet<string> {
  return FUNCTION_WORD_SETS.get(language.toLowerCase().slice(0, 2)) ?? NONE;
}

export function openers(language: string): ReadonlySet<string> {
  return OPENER_SETS.get(language.toLowerCase().slice(0, 2)) ?? NONE;
}
