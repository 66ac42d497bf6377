/**
 * Spanish text for the sample upstream's Spanish answers (translation.ts; the Spanish
 * edition asks upstream in Spanish, ADR 0019): English text as the dataset holds it -> its Spanish.
 * A string with no entry is served in English, so content added later still renders; to translate
 * it, add one line here (the exact English text, any field). Names, brands and identifiers stay as
 * they are. Grouped by where the text appears; the order does not matter.
 */
import { US_STATES } from '../../../core/isomorphic/us-states.js';

/**
 * A text shape translated around its first captured part, which needs an exact entry in ES_TEXT.
 * Further captures reach `spanish` as the English has them; it answers undefined for one it has
 * no Spanish for, and the text then stays English.
 */
export interface TextPattern {
  english: RegExp;
  spanish: (part: string, ...rest: string[]) => string | undefined;
}

/** The sections a sample video's description names by slug (data/videos.ts), in Spanish. */
const VIDEO_SECTIONS: Readonly<Record<string, string>> = {
  politics: 'Política',
  us: 'EE. UU.',
  world: 'Mundo',
  entertainment: 'Entretenimiento',
  lifestyle: 'Estilo de vida',
  clips: 'Fragmentos',
  shows: 'Programas',
};

/**
 * The places the state briefs and the storm outlooks name (data/rule-articles.ts, commerce-articles.ts):
 * the US states and territories (core's US_STATES) whose Spanish name differs, and "Dakotas". The
 * others read the same in Spanish; every one gets an exact entry in ES_TEXT.
 */
const PLACE_NAMES: Readonly<Record<string, string>> = {
  'American Samoa': 'Samoa Estadounidense',
  'District Of Columbia': 'Distrito de Columbia',
  'Federated States Of Micronesia': 'Estados Federados de Micronesia',
  Hawaii: 'Hawái',
  Louisiana: 'Luisiana',
  'Marshall Islands': 'Islas Marshall',
  'New Hampshire': 'Nuevo Hampshire',
  'New Jersey': 'Nueva Jersey',
  'New Mexico': 'Nuevo México',
  'New York': 'Nueva York',
  'North Carolina': 'Carolina del Norte',
  'North Dakota': 'Dakota del Norte',
  'Northern Mariana Islands': 'Islas Marianas del Norte',
  Pennsylvania: 'Pensilvania',
  'South Carolina': 'Carolina del Sur',
  'South Dakota': 'Dakota del Sur',
  'Virgin Islands': 'Islas Vírgenes',
  'West Virginia': 'Virginia Occidental',
  Dakotas: 'Dakotas',
};

/** The places (in Spanish) that take an article in a sentence: "del Distrito de Columbia", "a las Dakotas". */
const PLACE_ARTICLES: Readonly<Record<string, string>> = {
  'Distrito de Columbia': 'el',
  'Estados Federados de Micronesia': 'los',
  'Islas Marshall': 'las',
  'Islas Marianas del Norte': 'las',
  'Islas Vírgenes': 'las',
  Dakotas: 'las',
};

/** A place after a preposition, with its article and the contractions "al" and "del". */
function placeAfter(preposition: 'a' | 'de' | 'para', place: string): string {
  const article = PLACE_ARTICLES[place];
  const phrase = `${preposition} ${article === undefined ? '' : `${article} `}${place}`;
  return phrase.replace(/^a el /, 'al ').replace(/^de el /, 'del ');
}

/**
 * Tag and section fronts' meta titles ("Space News"); the games' meta descriptions ("<dek> Play free
 * on Fox News."); the sample videos' descriptions ("<title>. A sample video for the us section.");
 * the slideshows' meta titles ("<title> | Slideshow"); the "Around the States" briefs' headline, dek
 * and first paragraph, which name their state (data/rule-articles.ts); the storm outlooks of the
 * storm-ready kitchen gear article's weather list, which name theirs (data/commerce-articles.ts).
 */
export const ES_PATTERNS: readonly TextPattern[] = [
  { english: /^(.+) News$/, spanish: (part) => `Noticias de ${part}` },
  { english: /^(.+) Play free on Fox News\.$/, spanish: (part) => `${part} Juegue gratis en Fox News.` },
  { english: /^(.+) \| Slideshow$/, spanish: (part) => `${part} | Galería` },
  // The briefs' headline keeps the series' name, as its banner does, and names the place in Spanish.
  { english: /^Around the States: (.+) \(([A-Z]{2})\)$/, spanish: (place, abbreviation = '') => `Around the States: ${place} (${abbreviation})` },
  {
    english: /^The week's statehouse, weather and road news from (.+), in brief\.$/,
    spanish: (place) => `Las noticias de la semana ${placeAfter('de', place)} sobre la legislatura, el clima y las carreteras, en breve.`,
  },
  {
    english: /^Lawmakers in (.+) spent the week on the budget, road repairs and the next school year, our weekly roundup of statehouse news\.$/,
    spanish: (place) =>
      `Los legisladores ${placeAfter('de', place)} dedicaron la semana al presupuesto, la reparación de carreteras y el próximo año escolar, en nuestro resumen semanal de noticias legislativas estatales.`,
  },
  { english: /^Storm outlook for (.+)$/, spanish: (place) => `Perspectivas de la tormenta ${placeAfter('para', place)}` },
  { english: /^What the week holds for (.+)\.$/, spanish: (place) => `Lo que le depara la semana ${placeAfter('a', place)}.` },
  {
    english: /^(.+)\. A sample video for the ([a-z-]+) section\.$/,
    spanish: (title, section = '') => {
      const name = VIDEO_SECTIONS[section];
      // "EE. UU." already ends the sentence with its own period.
      return name === undefined ? undefined : `${title}. Un video de muestra de la sección ${name}${name.endsWith('.') ? '' : '.'}`;
    },
  },
];

export const ES_TEXT: Readonly<Record<string, string>> = {
  // Rules the sample shows on purpose (the specification pass, data/rule-articles.ts, feature-articles.ts).
  'Sarah Whitfield contributed to this report.': 'Sarah Whitfield contribuyó a este informe.',
  'Sponsored by Cedar Row Garden Supply': 'Patrocinado por Cedar Row Garden Supply',
  'This content was paid for by Cedar Row Garden Supply and written by its team.': 'Este contenido fue pagado por Cedar Row Garden Supply y escrito por su equipo.',
  'The bed, step by step': 'El bancal, paso a paso',
  'From bare lawn to first seedlings.': 'Del césped desnudo a los primeros brotes.',
  'Cardboard laid over the grass.': 'Cartón extendido sobre el césped.',
  'Cedar boards screwed at the corners.': 'Tablas de cedro atornilladas en las esquinas.',
  'Soil and compost raked level.': 'Tierra y compost nivelados con el rastrillo.',
  // The /newyears countdown block (data/static-pages.ts).
  'Countdown to midnight': 'Cuenta regresiva para la medianoche',
  'Happy New Year!': '¡Feliz Año Nuevo!',
  // Tag fronts (data/tag-fronts.ts) and the menus' other sections.
  Slideshows: 'Galerías de fotos',
  Courts: 'Tribunales',
  'Site News': 'Noticias del sitio',
  Moon: 'Luna',
  Nasa: 'NASA',
  Skywatching: 'Observación del cielo',
  Sun: 'Sol',
  Tourism: 'Turismo',
  'The people and business behind the news.': 'Las personas y el negocio detrás de las noticias.',
  'Technology, gadgets and the internet.': 'Tecnología, dispositivos e internet.',
  'Space, archaeology and discoveries.': 'Espacio, arqueología y descubrimientos.',
  'Trips, gear and the great outdoors.': 'Viajes, equipo y la vida al aire libre.',
  'Forecasts, storms and the climate.': 'Pronósticos, tormentas y el clima.',
  'Recipes, kitchens and what to cook.': 'Recetas, cocinas y qué cocinar.',
  'Homes, housing and property.': 'Casas, vivienda y propiedades.',
  // Menus, sections and categories.
  'U.S.': 'EE. UU.',
  Politics: 'Política',
  World: 'Mundo',
  Opinion: 'Opinión',
  Media: 'Medios',
  Entertainment: 'Entretenimiento',
  Sports: 'Deportes',
  Lifestyle: 'Estilo de vida',
  Video: 'Video',
  AI: 'IA',
  Tech: 'Tecnología',
  Technology: 'Tecnología',
  Business: 'Negocios',
  Markets: 'Mercados',
  Science: 'Ciencia',
  Health: 'Salud',
  Weather: 'Clima',
  Games: 'Juegos',
  Travel: 'Viajes',
  Crime: 'Crimen',
  Military: 'Ejército',
  Education: 'Educación',
  Terror: 'Terrorismo',
  Executive: 'Poder Ejecutivo',
  Senate: 'Senado',
  House: 'Cámara de Representantes',
  Elections: 'Elecciones',
  'U.N.': 'ONU',
  Conflicts: 'Conflictos',
  Environment: 'Medio ambiente',
  Columnists: 'Columnistas',
  Journalism: 'Periodismo',
  Movies: 'Cine',
  Television: 'Televisión',
  Music: 'Música',
  'College Football': 'Fútbol americano universitario',
  'Food + Drink': 'Comida y bebida',
  'Travel + Outdoors': 'Viajes y aire libre',
  'Real Estate': 'Bienes raíces',
  Shows: 'Programas',
  'Latest News': 'Últimas noticias',
  Archaeology: 'Arqueología',
  'Air & Space': 'Aire y espacio',
  Nutrition: 'Nutrición',
  'Daily Crossword': 'Crucigrama diario',
  'Word Search': 'Sopa de letras',
  'Rural Broadband': 'Banda ancha rural',
  'Election Security': 'Seguridad electoral',
  'River Recovery': 'Recuperación del río',
  'Film Festivals': 'Festivales de cine',
  'U.S. News': 'Noticias de EE. UU.',
  'U.S. News | Breaking Stories From Across the Country': 'Noticias de EE. UU. | Última hora de todo el país',
  'Breaking news and reporting from communities across the United States.': 'Noticias de última hora y reportajes de comunidades de todo Estados Unidos.',
  'Politics News | Congress, Campaigns and the States': 'Noticias de política | Congreso, campañas y estados',
  'Coverage of Congress, the White House, campaigns and statehouses.': 'Cobertura del Congreso, la Casa Blanca, las campañas y los gobiernos estatales.',
  'World News | International Headlines': 'Noticias del mundo | Titulares internacionales',
  'International news, diplomacy and stories from around the globe.': 'Noticias internacionales, diplomacia e historias de todo el mundo.',
  'Commentary and analysis from our contributors.': 'Comentarios y análisis de nuestros colaboradores.',
  'Entertainment News | Film, Television and Music': 'Noticias de entretenimiento | Cine, televisión y música',
  'Film festivals, television, music and the people who make them.': 'Festivales de cine, televisión, música y quienes los hacen posibles.',
  'Sports News | Scores, Teams and Athletes': 'Noticias deportivas | Resultados, equipos y atletas',
  'Games, athletes and the business of sports.': 'Partidos, atletas y el negocio del deporte.',
  'Lifestyle News | Food, Travel, Home and Family': 'Estilo de vida | Comida, viajes, hogar y familia',
  'Food, travel, home, family and the things people buy.': 'Comida, viajes, hogar, familia y lo que la gente compra.',
  'Health News | Medicine, Fitness and Wellness': 'Noticias de salud | Medicina, ejercicio y bienestar',
  'Medical research, fitness and everyday health.': 'Investigación médica, ejercicio y salud cotidiana.',

  // Legal and help links.
  'Privacy Policy': 'Política de privacidad',
  'Terms of Use': 'Términos de uso',
  'Your Privacy Choices': 'Sus opciones de privacidad',
  'Closed Captioning Policy': 'Política de subtítulos',
  'Accessibility Statement': 'Declaración de accesibilidad',
  Help: 'Ayuda',
  'Contact Us': 'Contáctenos',

  // Section fronts' own blocks (data/layouts.ts): /world's story package, its text list, timeline
  // and slider; the /lifestyle commerce card; the Fox Weather promo heading under every front. The
  // Fox Business cards on /us stay as that site publishes them, in English, as do their links.
  'Senate panel advances rural broadband bill': 'Comisión del Senado aprueba el proyecto de banda ancha rural',
  'The bill now heads to the full Senate.': 'El proyecto pasa ahora al pleno del Senado.',
  'What the broadband bill funds': 'Qué financia el proyecto de banda ancha',
  'Governors meet on water rights': 'Los gobernadores se reúnen por los derechos de agua',
  'Read the bill text': 'Lea el texto del proyecto',
  'On congress.gov.': 'En congress.gov.',
  'How the vote went': 'Cómo fue la votación',
  'How the Bill Moved': 'El recorrido del proyecto',
  'Bill introduced': 'Proyecto presentado',
  'Committee vote': 'Votación en comisión',
  'Tonight: the broadband vote': 'Esta noche: la votación sobre la banda ancha',
  'The week in Washington': 'La semana en Washington',
  'Cast iron skillet': 'Sartén de hierro fundido',
  'A pan for every kitchen.': 'Una sartén para cada cocina.',
  'Outdoor stories from Fox Weather': 'Historias al aire libre de Fox Weather',
  // Articles: headlines, deks and tags.
  'Senate panel advances rural broadband bill after late-night markup': 'Comisión del Senado aprueba proyecto de banda ancha rural tras una sesión nocturna',
  'The bipartisan measure would set aside grants for counties where fewer than half of homes have a wired connection.':
    'La medida bipartidista reservaría subvenciones para los condados donde menos de la mitad de los hogares tiene conexión por cable.',
  'Rural America': 'Estados Unidos rural',
  'County clerks pilot text alerts that let voters track mail ballots': 'Secretarios de condado prueban alertas de texto para que los votantes sigan sus boletas por correo',
  'Officials in four counties say the alerts cut calls to their offices by a third during the last primary.':
    'Funcionarios de cuatro condados dicen que las alertas redujeron en un tercio las llamadas a sus oficinas en las últimas primarias.',
  Voting: 'Votación',
  'Three governors sign water-sharing compact for drought years': 'Tres gobernadores firman un pacto para compartir agua en años de sequía',
  'The agreement sets out who cuts back first when the reservoir that serves all three states drops below a trigger level.':
    'El acuerdo establece quién reduce primero su consumo cuando el embalse que abastece a los tres estados baja de un nivel crítico.',
  Governors: 'Gobernadores',
  Water: 'Agua',
  'River towns rebuild after spring flooding, with an eye on the next one': 'Pueblos ribereños se reconstruyen tras las inundaciones de primavera, pensando en la próxima',
  'Some homeowners are raising houses on new foundations while others accept buyouts and move to higher ground.':
    'Algunos propietarios elevan sus casas sobre nuevos cimientos mientras otros aceptan compras y se mudan a terrenos más altos.',
  Flooding: 'Inundaciones',
  'Fire crews expand prescribed burns ahead of a dry summer forecast': 'Bomberos amplían las quemas controladas ante el pronóstico de un verano seco',
  'Forest managers plan to treat twice as many acres as last spring while the weather window stays open.':
    'Los administradores forestales planean tratar el doble de acres que la primavera pasada mientras el clima lo permita.',
  Wildfires: 'Incendios forestales',
  'Small-town robotics team wins national title with a robot built in a barn': 'Equipo de robótica de un pueblo gana el título nacional con un robot construido en un granero',
  'The eight students from a school of 200 beat teams from some of the largest districts in the country.':
    'Los ocho estudiantes de una escuela de 200 vencieron a equipos de algunos de los distritos más grandes del país.',
  'Alpine village votes on a plan to live with a shrinking glacier': 'Pueblo alpino vota un plan para convivir con un glaciar que se reduce',
  'Residents will decide whether to move a hiking trail, a water intake and a cable-car station away from unstable ground.':
    'Los residentes decidirán si alejan de terreno inestable un sendero, una toma de agua y una estación de teleférico.',
  Europe: 'Europa',
  'Port strike ends after nine days, but the shipping backlog will take weeks to clear': 'Termina la huelga portuaria tras nueve días, pero el atraso en los envíos tardará semanas',
  'Dockworkers approved a four-year contract that raises wages and limits the use of automated cranes.':
    'Los estibadores aprobaron un contrato de cuatro años que sube los salarios y limita el uso de grúas automatizadas.',
  Trade: 'Comercio',
  Labor: 'Trabajo',
  'Desert film festival opens with a drive-in premiere under the stars': 'Festival de cine del desierto abre con un estreno en autocine bajo las estrellas',
  'Organisers brought back a 1950s-era drive-in screen for the opening night of the festival’s tenth edition.':
    'Los organizadores recuperaron una pantalla de autocine de los años cincuenta para la noche inaugural de la décima edición del festival.',
  'Cast of a long-running sitcom reunites for a charity table read': 'El elenco de una comedia de larga duración se reúne para una lectura benéfica',
  'The reading of an unproduced final-season script raised money for a children’s theatre program.':
    'La lectura de un guion inédito de la última temporada recaudó fondos para un programa de teatro infantil.',
  Charity: 'Beneficencia',
  'Local newspapers still matter, and your town council knows it': 'Los periódicos locales aún importan, y su concejo municipal lo sabe',
  'When the reporter stops coming to meetings, the meetings change. Readers should notice before it happens.':
    'Cuando el reportero deja de ir a las reuniones, las reuniones cambian. Los lectores deberían notarlo antes de que ocurra.',
  'Local News': 'Noticias locales',
  'Why the daylight saving debate never ends': 'Por qué el debate sobre el horario de verano nunca termina',
  'Everyone agrees the clock change is annoying. Nobody agrees on which time to keep.': 'Todos coinciden en que el cambio de hora es molesto. Nadie coincide en qué hora mantener.',
  'Daylight Saving Time': 'Horario de verano',
  'Harbor commission approves a taller seawall for the south waterfront': 'La comisión portuaria aprueba un malecón más alto para la costa sur',
  'The compromise design adds removable flood panels on top of a permanent wall.': 'El diseño de consenso añade paneles antiinundación desmontables sobre un muro permanente.',
  'Drone footage of the south waterfront': 'Imágenes de dron de la costa sur',
  Infrastructure: 'Infraestructura',
  'Inside the budget talks that almost collapsed, in the words of the negotiators': 'Dentro de las negociaciones presupuestarias que casi fracasan, en palabras de los negociadores',
  'Four negotiators describe the night the state budget nearly failed, and the phone call that saved it.':
    'Cuatro negociadores describen la noche en que el presupuesto estatal casi fracasó y la llamada que lo salvó.',
  'Negotiators leave the statehouse after midnight': 'Los negociadores salen del capitolio estatal después de medianoche',
  Budget: 'Presupuesto',
  'State Government': 'Gobierno estatal',
  'What the new property tax bills mean for you': 'Qué significan para usted las nuevas facturas del impuesto a la propiedad',
  'Assessments rose an average of 11%, but most homeowners will see a smaller increase in their bills.':
    'Los avalúos subieron un 11 % en promedio, pero la mayoría de los propietarios verá un aumento menor en sus facturas.',
  Taxes: 'Impuestos',
  Housing: 'Vivienda',
  'Map: where the new bike lanes will go': 'Mapa: dónde irán los nuevos carriles para bicicletas',
  'Explore the 42 miles of lanes the city plans to paint and protect over the next three years.':
    'Explore las 42 millas de carriles que la ciudad planea pintar y proteger en los próximos tres años.',
  Transportation: 'Transporte',
  Cities: 'Ciudades',
  'Volcano eruption closes airports across the region': 'La erupción de un volcán cierra aeropuertos en toda la región',
  'Ash drifted hundreds of miles, grounding flights for a second day.': 'La ceniza recorrió cientos de millas y dejó los vuelos en tierra por segundo día.',
  Volcanoes: 'Volcanes',
  'Air Travel': 'Viajes aéreos',
  'Why doctors want you to walk after meals': 'Por qué los médicos quieren que camine después de comer',
  'A 10-minute walk after eating can blunt the rise in blood sugar, several small studies suggest.':
    'Una caminata de 10 minutos después de comer puede moderar el aumento del azúcar en la sangre, sugieren varios estudios pequeños.',
  Fitness: 'Ejercicio',
  Diabetes: 'Diabetes',
  'Lighthouse keeper drama renewed for a second season': 'Renuevan por una segunda temporada el drama del guardián del faro',
  'The slow-burning series became the surprise hit of the winter.': 'La serie de ritmo pausado se convirtió en el éxito sorpresa del invierno.',
  Streaming: 'Streaming',
  'The case for keeping the library open late': 'Argumentos para mantener la biblioteca abierta hasta tarde',
  'Evening hours cost little and serve the people who need the library most.': 'El horario nocturno cuesta poco y sirve a quienes más necesitan la biblioteca.',
  Libraries: 'Bibliotecas',
  'Minor league team moves to a downtown ballpark': 'Equipo de ligas menores se muda a un estadio en el centro',
  'The new stadium seats 7,000 and sits on the site of an old rail yard.': 'El nuevo estadio tiene 7.000 asientos y ocupa el terreno de un antiguo patio ferroviario.',
  Baseball: 'Béisbol',
  Stadiums: 'Estadios',
  'How to build a raised garden bed in an afternoon': 'Cómo construir un huerto elevado en una tarde',
  'Four boards, a bag of screws and a few hours are all you need.': 'Cuatro tablas, una bolsa de tornillos y unas horas es todo lo que necesita.',
  Gardening: 'Jardinería',
  Home: 'Hogar',
  'Quiz: how well do you know your state capitals?': 'Prueba: ¿cuánto sabe de las capitales de los estados?',
  'Ten questions. No peeking at a map.': 'Diez preguntas. Sin mirar el mapa.',
  Quizzes: 'Pruebas',
  Basketball: 'Baloncesto',
  History: 'Historia',
  'The best cast-iron skillets, tested in a home kitchen': 'Las mejores sartenes de hierro fundido, probadas en una cocina casera',
  'We seared, baked and fried in eight pans over a month.': 'Sellamos, horneamos y freímos en ocho sartenes durante un mes.',
  Shopping: 'Compras',
  Cooking: 'Cocina',
  Commerce: 'Comercio',
  'County opens cooling centers as the heat wave stretches into a second week': 'El condado abre centros de enfriamiento mientras la ola de calor se extiende a una segunda semana',
  'Libraries and senior centers will stay open until 9 p.m.': 'Las bibliotecas y los centros para mayores abrirán hasta las 9 p. m.',
  Heat: 'Calor',
  Agriculture: 'Agricultura',
  'Small businesses brace for higher shipping rates': 'Las pequeñas empresas se preparan para tarifas de envío más altas',
  'Carriers plan increases of 6% to 8% starting in April.': 'Las transportistas planean aumentos del 6 % al 8 % a partir de abril.',
  'Small Business': 'Pequeñas empresas',
  Shipping: 'Envíos',
  'What the world saw during the total solar eclipse': 'Lo que vio el mundo durante el eclipse solar total',
  'Posts, videos and documents from the two and a half minutes of darkness.': 'Publicaciones, videos y documentos de los dos minutos y medio de oscuridad.',
  Astronomy: 'Astronomía',
  Eclipse: 'Eclipse',
  Space: 'Espacio',
  Photography: 'Fotografía',
  'Live updates: winter storm sweeps across the Plains': 'En vivo: una tormenta invernal azota las Grandes Llanuras',
  'Blizzard warnings stretch from the Dakotas to the Texas Panhandle.': 'Las alertas de ventisca se extienden desde las Dakotas hasta el Panhandle de Texas.',
  'Storm updates': 'Novedades de la tormenta',
  'Latest forecasts': 'Últimos pronósticos',
  'Winter Storms': 'Tormentas invernales',
  'Lighthouses of the Great Lakes, from Duluth to Buffalo': 'Faros de los Grandes Lagos, de Duluth a Buffalo',
  'Small-town diners worth the detour': 'Cafeterías de pueblo que valen el desvío',
  'Spring gardens in bloom across the South': 'Jardines en flor en todo el Sur',
  'Historic train depots reborn as libraries and cafes': 'Antiguas estaciones de tren renacen como bibliotecas y cafés',
  'National parks in winter, without the crowds': 'Parques nacionales en invierno, sin multitudes',
  'Blue-ribbon winners at the county fair': 'Los ganadores de la feria del condado',
  'Backyard birds of early spring': 'Aves de jardín a principios de primavera',
  Slideshow: 'Galería',
  'Storm-ready kitchen gear that works without power': 'Utensilios de cocina para tormentas que funcionan sin electricidad',
  Kitchen: 'Cocina',
  // The other articles' headlines and deks (data/feature-articles.ts, rule-articles.ts, commerce-articles.ts),
  // and the slideshows' deks, which are also their first paragraph (data/slideshows.ts).
  'School board election guide (draft)': 'Guía de la elección de la junta escolar (borrador)',
  'Candidates, dates and how to vote in the school board election.': 'Candidatos, fechas y cómo votar en la elección de la junta escolar.',
  'When the home team last won it all': 'La última vez que el equipo local lo ganó todo',
  'A look back at the 2020 championship run.': 'Un repaso del camino al campeonato de 2020.',
  'Spring cleaning supplies that earn their space under the sink': 'Productos de limpieza de primavera que se ganan su lugar bajo el fregadero',
  'A short list of tools worth buying, and a few to skip.': 'Una lista corta de utensilios que vale la pena comprar, y algunos que conviene evitar.',
  'Travel gear for a long weekend, all of it carry-on': 'Equipo de viaje para un fin de semana largo, todo en equipaje de mano',
  'What fits in one bag for three days away.': 'Lo que cabe en una sola maleta para tres días fuera de casa.',
  'Kitchen gadgets we actually use': 'Los utensilios de cocina que de verdad usamos',
  'Five tools that earned a permanent spot on the counter.': 'Cinco herramientas que se ganaron un lugar permanente en la cocina.',
  'Court record of the zoning hearing': 'Acta judicial de la audiencia de zonificación',
  'The full transcript of Tuesday’s hearing, as filed.': 'La transcripción completa de la audiencia del martes, tal como se presentó.',
  'List of polling places by precinct': 'Lista de centros de votación por distrito electoral',
  'Where to vote in every precinct of the county.': 'Dónde votar en cada distrito electoral del condado.',
  'A page that search engines must not index': 'Una página que los buscadores no deben indexar',
  'A notice for site visitors that is kept out of search results.': 'Un aviso para los visitantes del sitio que se mantiene fuera de los resultados de búsqueda.',
  'State lawmakers approve sweeping changes to rural water rights after a decades-long fight between farmers, cities and tribes over the river':
    'Legisladores estatales aprueban cambios radicales a los derechos de agua rurales tras una disputa de décadas entre agricultores, ciudades y tribus por el río',
  'The overhaul sets new limits on pumping during droughts and gives tribes a seat on the river board.':
    'La reforma fija nuevos límites al bombeo durante las sequías y da a las tribus un lugar en la junta del río.',
  'A stovetop kettle, a hand-crank grinder and other picks for the next outage.': 'Una tetera para la estufa, un molinillo manual y otras opciones para el próximo apagón.',
  'Neighbors rebuild a flooded library one shelf at a time': 'Vecinos reconstruyen una biblioteca inundada estante por estante',
  'Volunteers in a river town sorted 30,000 books by hand after the water went down.': 'Voluntarios de un pueblo ribereño clasificaron a mano 30.000 libros después de que bajara el agua.',
  'Weeknight kitchen tools under $30 that earn their drawer space': 'Utensilios de menos de $30 para cocinar entre semana que se ganan su lugar en el cajón',
  'A kettle, a grater and a thermometer our testers used every day for a month.': 'Una tetera, un rallador y un termómetro que nuestros evaluadores usaron a diario durante un mes.',
  'What should your town do with its old rail depot?': '¿Qué debería hacer su pueblo con su vieja estación de tren?',
  'A museum, a brewery or a bus station: readers weigh in on the buildings the trains left behind.':
    'Un museo, una cervecería o una terminal de autobuses: los lectores opinan sobre los edificios que dejaron los trenes.',
  'Nine lights that still guide boats across the inland seas, and the keepers who restored them.':
    'Nueve faros que aún guían a los barcos por estos mares interiores, y los guardianes que los restauraron.',
  'Pie, coffee and a counter stool in six towns you might otherwise drive past.': 'Pastel, café y un taburete en la barra en seis pueblos por los que quizá pasaría de largo.',
  'Azaleas, dogwoods and tulips at public gardens that open their gates this month.': 'Azaleas, cornejos y tulipanes en jardines públicos que abren sus puertas este mes.',
  'Towns that lost their passenger trains found new uses for the stations.': 'Los pueblos que se quedaron sin trenes de pasajeros encontraron nuevos usos para sus estaciones.',
  'Snow, quiet trails and wildlife you will not see in July.': 'Nieve, senderos tranquilos y fauna que no verá en julio.',
  'Quilts, pies, pumpkins and one very proud rabbit.': 'Colchas, pasteles, calabazas y un conejo muy orgulloso.',
  'The first migrants arrive at feeders before the last snow melts.': 'Las primeras aves migratorias llegan a los comederos antes de que se derrita la última nieve.',

  // Article bodies: paragraphs, headings, lists, pull quotes and their attributions, image alt text and
  // captions, tables, slideshow slides and the other blocks' titles, one article after another.
  // data/articles.ts: /politics/senate-panel-advances-rural-broadband-bill.
  'Senators seated around a curved wooden dais in a committee hearing room': 'Senadores sentados alrededor de un estrado curvo de madera en una sala de audiencias de comisión',
  'Members of the Senate Commerce panel during the markup on Tuesday night.': 'Miembros de la Comisión de Comercio del Senado durante la sesión del martes por la noche.',
  'A Senate committee voted 19-7 late Tuesday to send a rural broadband bill to the floor, after members spent nearly six hours trading amendments over how grant money should be divided among states.':
    'Una comisión del Senado votó 19 a 7 el martes por la noche para enviar al pleno un proyecto de ley de banda ancha rural, después de que sus miembros pasaran casi seis horas intercambiando enmiendas sobre cómo repartir entre los estados el dinero de las subvenciones.',
  'The measure, known as the <em>Connecting Rural Counties Act</em>, would direct federal grants toward counties where fewer than half of homes can buy a wired connection of at least 100 megabits per second.':
    'La medida, conocida como <em>Connecting Rural Counties Act</em>, destinaría subvenciones federales a los condados donde menos de la mitad de los hogares puede contratar una conexión por cable de al menos 100 megabits por segundo.',
  'What the bill would do': 'Qué haría el proyecto de ley',
  'Create a grant program for counties below the 50% wired-coverage line': 'Crear un programa de subvenciones para los condados con menos del 50 % de cobertura por cable',
  'Require providers that accept grants to offer a low-cost plan for ten years': 'Exigir a los proveedores que acepten subvenciones que ofrezcan un plan de bajo costo durante diez años',
  'Publish coverage maps that residents can challenge online': 'Publicar mapas de cobertura que los residentes puedan impugnar en línea',
  'Give tribal governments a dedicated share of the funding': 'Reservar a los gobiernos tribales una parte de los fondos',
  'A farmer in my state should not have to drive to the library parking lot to file a crop report.':
    'Un agricultor de mi estado no debería tener que ir en auto hasta el estacionamiento de la biblioteca para presentar un informe de cosechas.',
  'A committee member, during the markup': 'Un miembro de la comisión, durante la sesión',
  'Opponents on the panel argued that the coverage maps the program relies on are out of date and that money could flow to areas that private providers already plan to reach within two years.':
    'Los opositores en la comisión argumentaron que los mapas de cobertura en los que se basa el programa están desactualizados y que el dinero podría ir a zonas que los proveedores privados ya planean cubrir en un plazo de dos años.',
  'Proposed grant split by region (in millions of dollars)': 'Reparto propuesto de las subvenciones por región (en millones de dólares)',
  Region: 'Región',
  'Fiscal year': 'Año fiscal',
  Plains: 'Grandes Llanuras',
  'Mountain West': 'Oeste montañoso',
  Appalachia: 'Apalachia',
  'Tribal lands set-aside': 'Reserva para tierras tribales',
  'Senate leaders have not said when the bill could reach the floor. A companion measure in the House has not yet received a committee vote.':
    'Los líderes del Senado no han dicho cuándo podría llegar el proyecto al pleno. Una medida equivalente en la Cámara de Representantes aún no se ha votado en comisión.',
  // /politics/county-clerks-pilot-mail-ballot-tracking.
  'Voters in four counties can now sign up for text messages that follow their mail ballot from the moment it is printed to the moment it is counted, under a pilot program that election officials plan to expand before the fall.':
    'Los votantes de cuatro condados ya pueden inscribirse para recibir mensajes de texto que siguen su boleta por correo desde que se imprime hasta que se cuenta, gracias a un programa piloto que las autoridades electorales planean ampliar antes del otoño.',
  'The clerks running the pilot said the alerts were built on the tracking data their offices already collect, so the cost was limited to the messaging service.':
    'Los secretarios a cargo del piloto dijeron que las alertas se basan en los datos de seguimiento que sus oficinas ya recopilan, por lo que el costo se limitó al servicio de mensajería.',
  'How the alerts work': 'Cómo funcionan las alertas',
  'A voter opts in with the ballot request form or on the county website.': 'El votante se inscribe con el formulario de solicitud de boleta o en el sitio web del condado.',
  'A text goes out when the ballot is mailed, when it is received and when it is accepted.': 'Se envía un mensaje cuando la boleta se despacha por correo, cuando se recibe y cuando se acepta.',
  'If a signature problem is found, the voter gets a message with the steps to fix it.': 'Si se detecta un problema con la firma, el votante recibe un mensaje con los pasos para corregirlo.',
  'Stacks of sealed mail ballot envelopes in plastic trays': 'Pilas de sobres sellados de boletas por correo en bandejas de plástico',
  'Mail ballots wait to be sorted at a county election office.': 'Boletas por correo a la espera de ser clasificadas en una oficina electoral del condado.',
  'The phone used to ring all day with one question: did you get my ballot?': 'El teléfono sonaba todo el día con una sola pregunta: ¿recibieron mi boleta?',
  'A county clerk taking part in the pilot': 'Un secretario de condado que participa en el piloto',
  'Election officials in neighbouring counties said they were watching the results, and a state board is expected to review the program this summer.':
    'Las autoridades electorales de los condados vecinos dijeron que siguen de cerca los resultados, y se espera que una junta estatal evalúe el programa este verano.',
  // /politics/governors-sign-interstate-water-sharing-compact.
  'Three governors signed a compact on Friday that spells out how their states will share water from a common reservoir in years when snowfall comes up short.':
    'Tres gobernadores firmaron el viernes un pacto que establece cómo sus estados compartirán el agua de un embalse común en los años de pocas nevadas.',
  'Under the agreement, cutbacks begin when the reservoir falls below 40% of capacity on April 1, with each state reducing its draw in proportion to the share it has used over the past decade.':
    'Según el acuerdo, los recortes comienzan cuando el embalse está por debajo del 40 % de su capacidad el 1 de abril, y cada estado reduce su extracción en proporción a la parte que ha usado durante la última década.',
  'Reductions by reservoir level on April 1': 'Reducciones según el nivel del embalse el 1 de abril',
  'Reservoir level': 'Nivel del embalse',
  'State A': 'Estado A',
  'State B': 'Estado B',
  'State C': 'Estado C',
  'Below 40%': 'Menos del 40 %',
  'Below 30%': 'Menos del 30 %',
  'Below 20%': 'Menos del 20 %',
  'Emergency talks within 30 days': 'Negociaciones de emergencia en un plazo de 30 días',
  'The compact still needs approval from each state legislature and from Congress, a process that the governors said they hope to finish within a year.':
    'El pacto aún necesita la aprobación de la legislatura de cada estado y del Congreso, un proceso que los gobernadores dijeron esperar concluir en un año.',
  // /us/river-towns-rebuild-after-spring-flooding.
  'A main street of brick storefronts with a high-water line visible on the walls': 'Una calle principal de fachadas comerciales de ladrillo con la marca del nivel del agua visible en las paredes',
  'A line left by floodwater marks storefronts along Front Street.': 'Una línea dejada por la inundación marca las fachadas de las tiendas a lo largo de Front Street.',
  'Six weeks after the river crested nearly nine feet above flood stage, the sound of nail guns has replaced the hum of pumps along Front Street.':
    'Seis semanas después de que el río alcanzara su cresta casi nueve pies por encima del nivel de inundación, el sonido de las pistolas de clavos ha reemplazado el zumbido de las bombas a lo largo de Front Street.',
  'Business owners say most shops will reopen by summer. For homeowners on the low streets, the choices are harder: rebuild as before, raise the house, or sell it to a county buyout program and leave.':
    'Los comerciantes dicen que la mayoría de las tiendas reabrirá antes del verano. Para los propietarios de las calles bajas, las opciones son más difíciles: reconstruir como antes, elevar la casa o vendérsela a un programa de compra del condado y marcharse.',
  'The options on the table': 'Las opciones sobre la mesa',
  '<strong>Repair in place</strong>, the fastest and cheapest option, but flood insurance premiums may rise':
    '<strong>Reparar en el lugar</strong>, la opción más rápida y barata, aunque las primas del seguro contra inundaciones podrían subir',
  '<strong>Elevate</strong> the house at least two feet above the new flood line, with grants covering part of the cost':
    '<strong>Elevar</strong> la casa al menos dos pies por encima de la nueva línea de inundación, con subvenciones que cubren parte del costo',
  '<strong>Accept a buyout</strong>, after which the lot becomes permanent open space': '<strong>Aceptar la compra</strong>, tras lo cual el terreno pasa a ser un espacio abierto permanente',
  'We have been flooded three times in twelve years. I love this street, but I am tired.': 'Nos hemos inundado tres veces en doce años. Amo esta calle, pero ya me cansé.',
  'A homeowner on Water Street': 'Un propietario de Water Street',
  'County officials expect to make the first buyout offers in May, and say they have received more than 140 applications.':
    'Las autoridades del condado prevén hacer las primeras ofertas de compra en mayo y dicen que han recibido más de 140 solicitudes.',
  // /us/fire-crews-expand-prescribed-burns-before-summer.
  'Crews across the region plan to burn brush and fallen timber on roughly twice as many acres this spring as last year, hoping to remove fuel before a summer that forecasters expect to be hotter and drier than normal.':
    'Las brigadas de la región planean quemar esta primavera maleza y madera caída en cerca del doble de acres que el año pasado, para eliminar combustible antes de un verano que los meteorólogos prevén más caluroso y seco de lo normal.',
  'Prescribed burns are set only when wind, humidity and soil moisture fall inside narrow limits, so managers say the plan depends on the weather cooperating for the next eight weeks.':
    'Las quemas controladas solo se hacen cuando el viento, la humedad del aire y la del suelo están dentro de límites estrechos, por lo que los administradores dicen que el plan depende de que el clima acompañe durante las próximas ocho semanas.',
  'Planned prescribed burns this spring': 'Quemas controladas previstas para esta primavera',
  Forest: 'Bosque',
  'Acres planned': 'Acres previstos',
  'Acres last spring': 'Acres la primavera pasada',
  'North district': 'Distrito norte',
  'Canyon district': 'Distrito del cañón',
  Total: 'Total',
  'Residents near burn areas will get notices at least 48 hours before a burn begins, officials said.':
    'Los residentes cercanos a las zonas de quema recibirán avisos al menos 48 horas antes de que empiece cada quema, dijeron las autoridades.',
  // /us/small-town-robotics-team-wins-national-title.
  'The robot that won this year’s national high school championship was built in a converted dairy barn, powered by an extension cord run from the farmhouse next door.':
    'El robot que ganó este año el campeonato nacional de secundaria se construyó en un antiguo establo lechero reacondicionado, alimentado por una extensión eléctrica tendida desde la casa de la granja vecina.',
  'The team of eight students, from a school with about 200 pupils, beat more than 60 finalists in a three-day competition that asked robots to sort, stack and deliver packages on a timed course.':
    'El equipo de ocho estudiantes, de una escuela de unos 200 alumnos, venció a más de 60 finalistas en una competencia de tres días en la que los robots debían clasificar, apilar y entregar paquetes en un recorrido cronometrado.',
  'We did not have a fancy lab. We had a barn, a lot of zip ties and a coach who never went home.':
    'No teníamos un laboratorio sofisticado. Teníamos un granero, muchos precintos plásticos y un entrenador que nunca se iba a casa.',
  'The team captain': 'El capitán del equipo',
  'How they got there': 'Cómo llegaron hasta aquí',
  'Regional qualifier in November': 'Clasificatoria regional en noviembre',
  'State championship in January': 'Campeonato estatal en enero',
  'National finals this weekend': 'Final nacional este fin de semana',
  'The team said it will use part of its prize money to start a summer robotics camp for younger students in the county.':
    'El equipo dijo que usará parte del dinero del premio para crear un campamento de verano de robótica para estudiantes más jóvenes del condado.',
  // /world/alpine-village-votes-on-glacier-retreat-plan.
  'A small village of wooden chalets below a grey glacier tongue': 'Un pequeño pueblo de chalés de madera bajo una lengua glaciar gris',
  'The glacier above the village has retreated by several hundred metres since the 1990s.': 'El glaciar que domina el pueblo ha retrocedido varios cientos de metros desde los años noventa.',
  'Residents of a mountain village of about 1,100 people will vote next month on a plan to relocate a water intake, a popular hiking trail and a cable-car station as the glacier above them continues to retreat.':
    'Los habitantes de un pueblo de montaña de unas 1.100 personas votarán el mes próximo un plan para reubicar una toma de agua, un popular sendero de excursionismo y una estación de teleférico mientras el glaciar que tienen encima sigue retrocediendo.',
  'Geologists hired by the village council found that rock once held in place by the ice has begun to shift, and recommended moving the structures within five years.':
    'Los geólogos contratados por el concejo del pueblo descubrieron que la roca que el hielo mantenía en su lugar ha empezado a moverse, y recomendaron trasladar las estructuras en un plazo de cinco años.',
  'What the plan includes': 'Qué incluye el plan',
  'A new water intake 300 metres downstream': 'Una nueva toma de agua 300 metros río abajo',
  'Rerouting the glacier trail along the eastern ridge': 'Desviar el sendero del glaciar por la cresta oriental',
  'Moving the upper cable-car station to bedrock': 'Trasladar la estación superior del teleférico a roca firme',
  'If voters approve, construction would start after the summer tourist season.': 'Si los votantes lo aprueban, las obras comenzarían después de la temporada turística de verano.',
  // /world/port-strike-ends-shipping-backlog-clears.
  'Dockworkers at one of the busiest container ports on the continent returned to work on Saturday after members approved a new contract, ending a nine-day strike that left dozens of ships waiting offshore.':
    'Los estibadores de uno de los puertos de contenedores con más actividad del continente volvieron al trabajo el sábado después de que los afiliados aprobaran un nuevo contrato, lo que puso fin a una huelga de nueve días que dejó a decenas de barcos esperando frente a la costa.',
  'Port officials said it could take three to four weeks to unload the vessels now at anchor and return to normal schedules.':
    'Las autoridades portuarias dijeron que podría llevar de tres a cuatro semanas descargar los buques que hoy están fondeados y volver a los horarios normales.',
  'Ships waiting to berth': 'Barcos a la espera de atracar',
  'Day of strike': 'Día de huelga',
  'Container ships': 'Portacontenedores',
  'Other vessels': 'Otros buques',
  'Day 1': 'Día 1',
  'Day 5': 'Día 5',
  'Day 9': 'Día 9',
  'Nobody wins a strike like this one. We are just glad the cranes are moving again.': 'Nadie gana con una huelga como esta. Solo nos alegra que las grúas vuelvan a moverse.',
  'A shipping agent at the port': 'Un agente naviero del puerto',
  // /entertainment/desert-film-festival-opens-with-drive-in-premiere.
  'Cars parked in rows facing a large outdoor movie screen at dusk': 'Autos estacionados en filas frente a una gran pantalla de cine al aire libre al atardecer',
  'Opening night drew more than 400 cars to the restored drive-in.': 'La noche inaugural atrajo a más de 400 autos al autocine restaurado.',
  'More than 400 cars lined up on a dirt lot on Wednesday night as a small desert film festival opened its tenth edition with a premiere on a restored drive-in screen.':
    'Más de 400 autos se alinearon en un terreno de tierra el miércoles por la noche, cuando un pequeño festival de cine del desierto inauguró su décima edición con un estreno en una pantalla de autocine restaurada.',
  'The festival, which started as a weekend of short films in a community hall, now screens 90 features and shorts over eight days.':
    'El festival, que comenzó como un fin de semana de cortometrajes en un salón comunitario, hoy proyecta 90 largometrajes y cortos a lo largo de ocho días.',
  'Highlights of the program': 'Lo más destacado del programa',
  'A documentary about the last family-owned motel on a historic highway': 'Un documental sobre el último motel familiar de una carretera histórica',
  'A competition for films shot entirely on phones': 'Una competencia de películas filmadas íntegramente con teléfonos',
  'A late-night series of restored science fiction classics': 'Un ciclo nocturno de clásicos restaurados de ciencia ficción',
  'You cannot beat watching a movie about the desert in the desert.': 'No hay nada mejor que ver una película sobre el desierto en el desierto.',
  'The festival’s artistic director': 'El director artístico del festival',
  // /entertainment/sitcom-cast-reunites-for-charity-table-read.
  'The cast of a workplace sitcom that ran for nine seasons gathered on a theatre stage on Tuesday to read a script that was written for a final season that never aired.':
    'El elenco de una comedia de oficina que duró nueve temporadas se reunió el martes en el escenario de un teatro para leer un guion escrito para una última temporada que nunca se emitió.',
  'The event, streamed online for a ticketed audience, raised money for a program that brings theatre classes to public schools.':
    'El evento, transmitido en línea para un público con entrada, recaudó fondos para un programa que lleva clases de teatro a las escuelas públicas.',
  'It felt like we had just left for a long weekend. Then someone’s phone rang and it was 2025.':
    'Parecía que solo nos habíamos ido un fin de semana largo. Luego sonó el teléfono de alguien y era 2025.',
  'One of the show’s stars': 'Una de las estrellas de la serie',
  'Organisers said a recording of the reading will be available to ticket holders for 30 days.':
    'Los organizadores dijeron que la grabación de la lectura estará disponible durante 30 días para quienes compraron entrada.',
  // /opinion/local-newspapers-still-matter.
  'I spent eight years covering county boards and school districts before I came to Washington, and the most useful thing I learned is that public officials behave differently when someone is taking notes.':
    'Pasé ocho años cubriendo juntas de condado y distritos escolares antes de llegar a Washington, y lo más útil que aprendí es que los funcionarios públicos se comportan de otra manera cuando alguien toma notas.',
  'Not worse, necessarily. Just differently. Agendas get posted on time. Budgets get explained. Questions get answered.':
    'No necesariamente peor. Solo distinto. Los órdenes del día se publican a tiempo. Los presupuestos se explican. Las preguntas se responden.',
  'What readers can do': 'Qué pueden hacer los lectores',
  'Subscribe to the paper that covers your town, even if it is thin': 'Suscríbase al periódico que cubre su pueblo, aunque tenga pocas páginas',
  'Go to one public meeting a year': 'Asista a una reunión pública al año',
  'Tell the editor what you want covered': 'Dígale al editor qué temas quiere que se cubran',
  'A town without a reporter is a town that runs on rumours.': 'Un pueblo sin reportero es un pueblo que vive de rumores.',
  'None of this requires loving the press. It only requires wanting to know what is done with your tax money.':
    'Nada de esto exige amar a la prensa. Solo exige querer saber qué se hace con el dinero de sus impuestos.',
  // /opinion/why-the-daylight-saving-debate-never-ends.
  'Twice a year we complain about changing the clocks, and twice a year bills to stop it appear in statehouses. Most of them stall on the same question: which time do we keep?':
    'Dos veces al año nos quejamos del cambio de hora, y dos veces al año aparecen en los congresos estatales proyectos de ley para eliminarlo. La mayoría se estanca en la misma pregunta: ¿qué hora mantenemos?',
  'Sunrise and sunset in a northern city in mid-December': 'Salida y puesta del sol en una ciudad del norte a mediados de diciembre',
  Rule: 'Norma',
  Sunrise: 'Salida del sol',
  Sunset: 'Puesta del sol',
  'Permanent standard time': 'Horario estándar permanente',
  'Permanent daylight time': 'Horario de verano permanente',
  '7:20 a.m.': '7:20 a. m.',
  '8:20 a.m.': '8:20 a. m.',
  '4:25 p.m.': '4:25 p. m.',
  '5:25 p.m.': '5:25 p. m.',
  'Morning people want standard time. Evening people want daylight time. Until one side gives in, we will keep changing the clocks.':
    'Los madrugadores quieren el horario estándar. Los noctámbulos quieren el horario de verano. Hasta que un bando ceda, seguiremos cambiando la hora.',
  // data/feature-articles.ts: /us/harbor-commission-approves-taller-seawall (its AMP iframe cases keep their markup).
  'Waves breaking against an old stone seawall below a row of shops': 'Olas que rompen contra un viejo malecón de piedra bajo una hilera de tiendas',
  'The current seawall dates from the 1920s.': 'El malecón actual data de la década de 1920.',
  'The harbor commission voted on Monday to replace the century-old seawall along the south waterfront, ending three years of debate over how high the new wall should stand.':
    'La comisión portuaria votó el lunes reemplazar el malecón centenario de la costa sur, lo que puso fin a tres años de debate sobre la altura que debería tener el nuevo muro.',
  'Engineers recommended a wall four feet taller than the current one, enough to hold back a storm surge like the one that flooded the fish market two winters ago.':
    'Los ingenieros recomendaron un muro cuatro pies más alto que el actual, suficiente para contener una marejada de tormenta como la que inundó el mercado de pescado hace dos inviernos.',
  'Business owners on the waterfront had asked for a lower design with removable flood panels, saying a tall concrete wall would cut the market off from the water.':
    'Los comerciantes de la costa habían pedido un diseño más bajo con paneles antiinundación desmontables, con el argumento de que un muro alto de concreto separaría el mercado del agua.',
  'The approved plan splits the difference: a permanent wall two feet taller, topped by panels that crews can install when a storm is forecast.':
    'El plan aprobado busca un punto medio: un muro permanente dos pies más alto, coronado por paneles que las cuadrillas pueden instalar cuando se pronostica una tormenta.',
  'Construction is expected to take two years and will be done in sections, so that no more than one block of the waterfront is closed at a time.':
    'Se prevé que las obras duren dos años y se hagan por tramos, para que nunca haya más de una cuadra de la costa cerrada a la vez.',
  'The commission set aside money to help the fish market and three restaurants keep their doors open while the work passes in front of them.':
    'La comisión reservó fondos para ayudar al mercado de pescado y a tres restaurantes a mantener sus puertas abiertas mientras las obras pasan frente a ellos.',
  'Residents who spoke at the meeting were divided, with several asking that the public fishing pier be rebuilt before the wall work begins.':
    'Los residentes que hablaron en la reunión estaban divididos, y varios pidieron que el muelle público de pesca se reconstruya antes de que empiecen las obras del muro.',
  'The commission agreed to study the pier separately and to report back within six months.': 'La comisión acordó estudiar el muelle por separado y presentar un informe en un plazo de seis meses.',
  'A state grant will cover about 60% of the cost, with the rest coming from a bond approved by voters in November.':
    'Una subvención estatal cubrirá cerca del 60 % del costo, y el resto provendrá de una emisión de bonos aprobada por los votantes en noviembre.',
  'The first section of wall, near the ferry landing, is scheduled to go up next spring.':
    'Está previsto que el primer tramo del muro, cerca del embarcadero del ferri, se levante la próxima primavera.',
  '<iframe src="https://maps.example.org/embed?harbor=south" width="600" height="400" title="Map of the seawall sections"></iframe>':
    '<iframe src="https://maps.example.org/embed?harbor=south" width="600" height="400" title="Mapa de los tramos del malecón"></iframe>',
  '<iframe src="https://charts.example.org/embed/seawall-cost" width="600" height="300" sandbox="allow-scripts" title="Seawall cost chart"></iframe><iframe src="https://charts.example.org/embed/second" width="600" height="300" title="Second chart"></iframe>':
    '<iframe src="https://charts.example.org/embed/seawall-cost" width="600" height="300" sandbox="allow-scripts" title="Gráfico del costo del malecón"></iframe><iframe src="https://charts.example.org/embed/second" width="600" height="300" title="Segundo gráfico"></iframe>',
  '<iframe src="http://insecure.example.org/embed" width="600" height="400" title="Insecure embed"></iframe>':
    '<iframe src="http://insecure.example.org/embed" width="600" height="400" title="Contenido insertado no seguro"></iframe>',
  '<iframe src="https://maps.example.org/embed?no-height" width="600" title="Map without a height"></iframe>':
    '<iframe src="https://maps.example.org/embed?no-height" width="600" title="Mapa sin altura"></iframe>',
  '<iframe src="https://video.example.org/embed/1" width="600" height="338" webkitallowfullscreen mozallowfullscreen title="Old fullscreen embed"></iframe>':
    '<iframe src="https://video.example.org/embed/1" width="600" height="338" webkitallowfullscreen mozallowfullscreen title="Contenido insertado con pantalla completa antigua"></iframe>',
  // /politics/inside-the-budget-talks-that-almost-collapsed.
  'By 11 p.m. on the last night of the session, the four budget negotiators had stopped speaking to one another directly.':
    'A las 11 p. m. de la última noche de la sesión, los cuatro negociadores del presupuesto ya no se hablaban directamente.',
  'Messages passed through staff members who walked between two conference rooms at opposite ends of the statehouse.':
    'Los mensajes pasaban por asistentes que iban y venían entre dos salas de reuniones en extremos opuestos del capitolio estatal.',
  'What broke the deadlock, three of the four said, was a phone call from a retired legislator who had chaired the committee for a decade.':
    'Lo que rompió el estancamiento, según tres de los cuatro, fue la llamada de un legislador jubilado que había presidido la comisión durante una década.',
  'The budget passed at 4:12 a.m., with a line for rural hospitals that none of the four had wanted at the start of the night.':
    'El presupuesto se aprobó a las 4:12 a. m., con una partida para hospitales rurales que ninguno de los cuatro quería al comienzo de la noche.',
  // /us/what-the-new-property-tax-bills-mean-for-you.
  'Property tax bills arriving this week reflect the first reassessment in four years, and many homeowners will see a larger number than they expected.':
    'Las facturas del impuesto a la propiedad que llegan esta semana reflejan el primer reavalúo en cuatro años, y muchos propietarios verán una cifra mayor de la que esperaban.',
  'Because the tax rate was lowered at the same time, the average bill is rising about 4%, not the 11% that assessments rose.':
    'Como la tasa del impuesto se redujo al mismo tiempo, la factura promedio sube alrededor de un 4 %, no el 11 % que subieron los avalúos.',
  'Check the assessed value against recent sales on your street': 'Compare el valor del avalúo con las ventas recientes en su calle',
  'File an appeal within 45 days of the bill date': 'Presente una apelación dentro de los 45 días posteriores a la fecha de la factura',
  'Ask about the senior and veteran exemptions': 'Pregunte por las exenciones para adultos mayores y veteranos',
  // /us/map-where-the-new-bike-lanes-will-go (its raw-HTML table and map keep their markup).
  'The city’s transportation department released its three-year bike lane plan on Thursday. Use the map below to see which streets are included and when work is scheduled.':
    'El departamento de transporte de la ciudad publicó el jueves su plan trienal de carriles para bicicletas. Use el mapa de abajo para ver qué calles están incluidas y cuándo están programadas las obras.',
  '<table class="interactive-table"><caption>Lanes by year</caption><thead><tr><th>Year</th><th>Miles</th><th>Protected</th></tr></thead><tbody><tr><td>2025</td><td>12</td><td>5</td></tr><tr><td>2026</td><td>16</td><td>9</td></tr><tr><td>2027</td><td>14</td><td>10</td></tr></tbody></table>':
    '<table class="interactive-table"><caption>Carriles por año</caption><thead><tr><th>Año</th><th>Millas</th><th>Protegidas</th></tr></thead><tbody><tr><td>2025</td><td>12</td><td>5</td></tr><tr><td>2026</td><td>16</td><td>9</td></tr><tr><td>2027</td><td>14</td><td>10</td></tr></tbody></table>',
  '<iframe src="https://maps.example.org/embed/bike-lanes" width="100%" height="500" title="Interactive map of planned bike lanes"></iframe>':
    '<iframe src="https://maps.example.org/embed/bike-lanes" width="100%" height="500" title="Mapa interactivo de los carriles para bicicletas previstos"></iframe>',
  'Public meetings on the first year’s routes begin next month.': 'Las reuniones públicas sobre las rutas del primer año comienzan el mes próximo.',
  // /world/volcano-eruption-closes-airports-in-the-region.
  'A volcano on a remote island erupted for the second time in a week, sending a column of ash more than eight miles into the sky and closing airports across the region.':
    'Un volcán de una isla remota entró en erupción por segunda vez en una semana, lanzó una columna de ceniza a más de ocho millas de altura y obligó a cerrar aeropuertos en toda la región.',
  'Aviation authorities said flights would resume once winds carried the ash cloud away from the main air corridors, possibly by Thursday.':
    'Las autoridades de aviación dijeron que los vuelos se reanudarán cuando los vientos alejen la nube de ceniza de los principales corredores aéreos, posiblemente el jueves.',
  // /us/draft-school-board-election-guide.
  'This guide will list every candidate for the three open school board seats once the filing deadline passes.':
    'Esta guía incluirá a todos los candidatos a los tres puestos vacantes de la junta escolar cuando venza el plazo de inscripción.',
  // /health/why-doctors-want-you-to-walk-after-meals.
  'Two people walking on a tree-lined path in the evening': 'Dos personas caminan por un sendero arbolado al anochecer',
  'A short walk after dinner is an easy habit to start.': 'Una caminata corta después de cenar es un hábito fácil de adoptar.',
  'A short walk after a meal may do more for blood sugar than a longer walk at another time of day, according to a growing body of small studies.':
    'Una caminata corta después de comer puede hacer más por el azúcar en la sangre que una caminata más larga en otro momento del día, según un número creciente de estudios pequeños.',
  'Muscles that are working pull glucose out of the blood, which softens the spike that follows a meal heavy in carbohydrates.':
    'Los músculos en actividad extraen glucosa de la sangre, lo que suaviza el pico que sigue a una comida rica en carbohidratos.',
  'Researchers found the effect with walks as short as two to five minutes, though 10 to 15 minutes worked better.':
    'Los investigadores observaron el efecto con caminatas de apenas dos a cinco minutos, aunque las de 10 a 15 minutos funcionaron mejor.',
  'The benefit appears strongest for people with type 2 diabetes or prediabetes, but it showed up in healthy volunteers as well.':
    'El beneficio parece mayor en personas con diabetes tipo 2 o prediabetes, pero también se observó en voluntarios sanos.',
  'Doctors caution that the studies were small and short, and that walking after meals is not a substitute for medication when it is needed.':
    'Los médicos advierten que los estudios fueron pequeños y breves, y que caminar después de comer no sustituye a la medicación cuando esta es necesaria.',
  'Still, it is cheap, safe for most people, and easy to fit into a day, which is why many clinicians now suggest it.':
    'Aun así, es barato, seguro para la mayoría de las personas y fácil de incorporar a la rutina diaria, por eso muchos médicos ya lo recomiendan.',
  'People with heart or joint problems should ask their doctor how far and how fast to walk.':
    'Las personas con problemas cardíacos o articulares deberían preguntar a su médico cuánto y a qué ritmo caminar.',
  'For everyone else, the advice is simple: put on your shoes after dinner and go around the block.':
    'Para todos los demás, el consejo es sencillo: póngase los zapatos después de cenar y dé una vuelta a la manzana.',
  'It is the cheapest prescription I write, and one of the few my patients thank me for.': 'Es la receta más barata que escribo, y una de las pocas por las que mis pacientes me dan las gracias.',
  'A family physician': 'Un médico de familia',
  // /entertainment/lighthouse-keeper-drama-renewed-for-second-season.
  'A quiet drama about a lighthouse keeper and her teenage son has been renewed for a second season after becoming one of the most-watched shows of the winter.':
    'Un drama sereno sobre una guardiana de faro y su hijo adolescente fue renovado por una segunda temporada tras convertirse en una de las series más vistas del invierno.',
  'The producers said filming would return to the same island, where the cast lived for four months last year.':
    'Los productores dijeron que el rodaje volverá a la misma isla, donde el elenco vivió cuatro meses el año pasado.',
  // /opinion/the-case-for-keeping-the-library-open-late.
  'The people who use a public library after 6 p.m. are students, shift workers and parents who cannot come in during the day.':
    'Quienes usan una biblioteca pública después de las 6 p. m. son estudiantes, trabajadores por turnos y padres que no pueden ir durante el día.',
  'Cutting those hours saves little money and closes the doors on exactly the people a library exists to serve.':
    'Recortar ese horario ahorra poco dinero y les cierra las puertas justamente a las personas a quienes una biblioteca existe para servir.',
  // /sports/minor-league-team-moves-to-a-downtown-ballpark.
  'The city’s minor league baseball team will open its season in a new downtown ballpark built on a former rail yard.':
    'El equipo de béisbol de ligas menores de la ciudad inaugurará su temporada en un nuevo estadio en el centro, construido sobre un antiguo patio ferroviario.',
  'The stadium seats 7,000, with a grass berm beyond left field where families can spread blankets.':
    'El estadio tiene 7.000 asientos y un talud de césped detrás del jardín izquierdo donde las familias pueden extender mantas.',
  'Tickets for opening night sold out in under an hour, the team said.': 'Las entradas para la noche inaugural se agotaron en menos de una hora, según el equipo.',
  'The old ballpark on the edge of town will be torn down this summer to make room for housing.': 'El viejo estadio de las afueras será demolido este verano para dar paso a viviendas.',
  // /lifestyle/how-to-build-a-raised-garden-bed (its slideshow's title, dek and captions are in the first group).
  'A raised bed warms up sooner in spring, drains better than heavy clay, and saves your back when it is time to weed.':
    'Un huerto elevado se calienta antes en primavera, drena mejor que la arcilla pesada y cuida su espalda a la hora de desmalezar.',
  'Four cedar boards, 2 by 10 inches': 'Cuatro tablas de cedro de 2 por 10 pulgadas',
  'Sixteen exterior screws': 'Dieciséis tornillos para exteriores',
  'A drill': 'Un taladro',
  'Cardboard for the bottom': 'Cartón para el fondo',
  'Soil and compost': 'Tierra y compost',
  'Cardboard laid over the grass, photographed for the slideshow': 'Cartón extendido sobre el césped, fotografiado para la galería',
  'Cedar boards screwed at the corners, photographed for the slideshow': 'Tablas de cedro atornilladas en las esquinas, fotografiadas para la galería',
  'Soil and compost raked level, photographed for the slideshow': 'Tierra y compost nivelados con el rastrillo, fotografiados para la galería',
  // The short stories of feature-articles.ts, one paragraph each.
  'Think you know all fifty capitals? Start with these ten.': '¿Cree que conoce las cincuenta capitales? Empiece con estas diez.',
  'It has been a while. Here is how the last title run unfolded, game by game.': 'Ha pasado un tiempo. Así fue el camino al último título, partido a partido.',
  'After a month of searing steaks and baking cornbread, two skillets stood out, and neither was the most expensive.':
    'Tras un mes de sellar bistecs y hornear pan de maíz, dos sartenes se destacaron, y ninguna era la más cara.',
  'Most cleaning jobs need fewer products than the store shelf suggests. These are the ones we reach for every week.':
    'La mayoría de las tareas de limpieza requieren menos productos de los que sugieren los estantes de la tienda. Estos son los que usamos cada semana.',
  'Three days, one bag, no checked luggage: here is what made the cut after a dozen trips.':
    'Tres días, una maleta y nada de equipaje documentado: esto es lo que pasó la prueba después de una docena de viajes.',
  'Most gadgets end up in a drawer. These five stayed on the counter for a year.': 'La mayoría de los aparatos terminan en un cajón. Estos cinco se quedaron a mano en la cocina durante un año.',
  'The transcript below was filed with the county court on Wednesday.': 'La siguiente transcripción se presentó el miércoles ante el tribunal del condado.',
  'Polls are open from 7 a.m. to 8 p.m. Find your precinct below.': 'Los centros de votación abren de 7 a. m. a 8 p. m. Busque su distrito electoral a continuación.',
  'This page is meant for readers who follow a link to it; it is left out of search results.':
    'Esta página está pensada para los lectores que llegan a ella por un enlace; no aparece en los resultados de búsqueda.',
  'The county opened eleven cooling centers on Sunday as forecasters said temperatures would stay above 100 degrees through Friday.':
    'El condado abrió once centros de enfriamiento el domingo, después de que los meteorólogos anunciaran que las temperaturas se mantendrán por encima de los 100 grados hasta el viernes.',
  'After more than twenty years of lawsuits and failed bills, the legislature passed a water rights overhaul on a 71-28 vote.':
    'Tras más de veinte años de demandas y proyectos fallidos, la legislatura aprobó una reforma de los derechos de agua por 71 votos contra 28.',
  'Owners of small online shops say they will raise prices or cut free-shipping offers when carriers raise rates next month.':
    'Los dueños de pequeñas tiendas en línea dicen que subirán los precios o recortarán las ofertas de envío gratis cuando las transportistas aumenten sus tarifas el mes próximo.',
  // /world/what-the-world-saw-during-the-total-solar-eclipse.
  'The moon covering the sun, its corona glowing around a black disc': 'La luna cubre el sol y su corona brilla alrededor de un disco negro',
  'Totality lasted about two and a half minutes.': 'La totalidad duró unos dos minutos y medio.',
  'For about two and a half minutes on Saturday, the moon covered the sun completely along a narrow path, and millions of people looked up.':
    'Durante unos dos minutos y medio el sábado, la luna cubrió por completo el sol a lo largo de una franja estrecha, y millones de personas miraron al cielo.',
  'Observatories shared live views, and amateur astronomers posted their own photos within minutes.':
    'Los observatorios compartieron imágenes en vivo, y los astrónomos aficionados publicaron sus propias fotos en cuestión de minutos.',
  'Time-lapse of the eclipse over the mountains': 'El eclipse sobre las montañas, en cámara rápida',
  'The corona, filmed through a solar telescope': 'La corona, filmada con un telescopio solar',
  'Meteorologists track the clouds along the eclipse path': 'Meteorólogos siguen las nubes a lo largo de la trayectoria del eclipse',
  'Read the eclipse safety guide (PDF)': 'Lea la guía de seguridad para el eclipse (PDF)',
  'The next total eclipse visible from the same region will not come for another 20 years.': 'El próximo eclipse total visible desde la misma región no llegará hasta dentro de 20 años.',
  // /us/live-updates-winter-storm-sweeps-the-plains (every block kind; its raw-HTML table and map keep their markup).
  'A powerful winter storm pushed across the Plains on Wednesday, bringing heavy snow, wind gusts over 60 mph and whiteout conditions to a dozen states.':
    'Una potente tormenta invernal avanzó el miércoles por las Grandes Llanuras con fuertes nevadas, ráfagas de viento de más de 60 mph y visibilidad nula en una docena de estados.',
  'Where the storm is now': 'Dónde está ahora la tormenta',
  'This heading has level 7 and must render nothing': 'Este encabezado tiene nivel 7 y no debe mostrarse',
  'Blizzard warning for the Dakotas': 'Alerta de ventisca para las Dakotas',
  'Up to 18 inches of snow and gusts to 60 mph.': 'Hasta 18 pulgadas de nieve y ráfagas de hasta 60 mph.',
  'Ice storm for Oklahoma': 'Tormenta de hielo en Oklahoma',
  'A quarter inch of ice on trees and power lines.': 'Un cuarto de pulgada de hielo en árboles y tendidos eléctricos.',
  'Travel alerts on I-70': 'Alertas de viaje en la I-70',
  'Closures likely west of Salina.': 'Probables cierres al oeste de Salina.',
  'Stay off the roads if you can': 'Evite salir a la carretera si puede',
  'Keep a blanket, water and a charger in the car': 'Lleve en el auto una manta, agua y un cargador',
  'Check on elderly neighbours': 'Pregunte cómo están sus vecinos mayores',
  'Clear snow from vents and exhaust pipes': 'Retire la nieve de las rejillas de ventilación y los tubos de escape',
  'Run faucets at a drip': 'Deje gotear los grifos',
  'Keep the thermostat above 55 degrees': 'Mantenga el termostato por encima de 55 grados',
  'National Weather Service warnings': 'Alertas del Servicio Meteorológico Nacional',
  'Official watches and warnings for your county.': 'Vigilancias y alertas oficiales para su condado.',
  'A farmhouse half buried in a snowdrift': 'Una casa de campo medio enterrada en un montículo de nieve',
  'Drifts reached the eaves of some farmhouses.': 'Los montículos de nieve llegaron hasta los aleros de algunas casas de campo.',
  'A snowplow with its lights on in blowing snow': 'Una quitanieves con las luces encendidas bajo la nieve arrastrada por el viento',
  'Plows ran all night on the state highways.': 'Las quitanieves trabajaron toda la noche en las carreteras estatales.',
  'A radar map showing a band of heavy snow across the Plains': 'Un mapa de radar con una franja de nieve intensa sobre las Grandes Llanuras',
  'The storm on radar at noon Wednesday.': 'La tormenta en el radar el miércoles al mediodía.',
  'Photos: the storm from above': 'Fotos: la tormenta desde el aire',
  'Video: how to drive in a whiteout': 'Video: cómo manejar con visibilidad nula',
  'Tips from a state trooper.': 'Consejos de un policía estatal.',
  'Slideshow: lighthouses of the Great Lakes': 'Galería: faros de los Grandes Lagos',
  'Storm scenes': 'Escenas de la tormenta',
  'Snow on the prairie': 'Nieve en la pradera',
  'Snow covering a flat prairie under a grey sky': 'Nieve sobre una pradera llana bajo un cielo gris',
  'A frozen windmill': 'Un molino congelado',
  'A farm windmill coated in ice': 'Un molino de granja cubierto de hielo',
  'Ice built up on a windmill near Pierre.': 'Hielo acumulado en un molino cerca de Pierre.',
  'Digging out': 'Abriéndose paso entre la nieve',
  'A man shovelling a path to his front door': 'Un hombre abre a paladas un camino hasta su puerta',
  '<table><caption>Snow totals so far</caption><thead><tr><th>City</th><th>Inches</th></tr></thead><tbody><tr><td>Bismarck</td><td>14</td></tr><tr><td>Pierre</td><td>11</td></tr><tr><td>Amarillo</td><td>6</td></tr></tbody></table>':
    '<table><caption>Nieve acumulada hasta ahora</caption><thead><tr><th>Ciudad</th><th>Pulgadas</th></tr></thead><tbody><tr><td>Bismarck</td><td>14</td></tr><tr><td>Pierre</td><td>11</td></tr><tr><td>Amarillo</td><td>6</td></tr></tbody></table>',
  '<iframe src="https://maps.example.org/embed/road-closures" width="600" height="400" title="Road closures map"></iframe>':
    '<iframe src="https://maps.example.org/embed/road-closures" width="600" height="400" title="Mapa de cierres de carreteras"></iframe>',
  'Forecasters expect the storm to move into the Great Lakes by Thursday night.': 'Los meteorólogos prevén que la tormenta llegue a los Grandes Lagos el jueves por la noche.',
  // data/slideshows.ts: the slides' alt text and captions (the decks are with the headlines above).
  'A red brick lighthouse tower on a rocky point at sunrise': 'Una torre de faro de ladrillo rojo sobre una punta rocosa al amanecer',
  'The red brick tower on the north shore was first lit in 1874 and automated in 1961.': 'La torre de ladrillo rojo de la costa norte se encendió por primera vez en 1874 y se automatizó en 1961.',
  'Spray from winter storms coats the pier light in ice several inches thick.': 'La espuma de las tormentas invernales cubre el faro del muelle con una capa de hielo de varias pulgadas de espesor.',
  'A white clapboard keeper’s house with green shutters beside a short light tower': 'Una casa de guardián de tablas blancas con postigos verdes junto a una torre de faro baja',
  'Volunteers restored the keeper’s quarters, which now house a small museum.': 'Voluntarios restauraron la vivienda del guardián, que hoy alberga un pequeño museo.',
  'A large glass Fresnel lens with rings of prisms': 'Una gran lente de Fresnel de vidrio con anillos de prismas',
  'A third-order Fresnel lens, made in France, on display at the maritime museum.': 'Una lente de Fresnel de tercer orden, fabricada en Francia, exhibida en el museo marítimo.',
  'A chrome counter, photographed for the slideshow': 'Una barra cromada, fotografiada para la galería',
  'A chrome counter.': 'Una barra cromada.',
  'Cherry pie, photographed for the slideshow': 'Pastel de cereza, fotografiado para la galería',
  'Cherry pie.': 'Pastel de cereza.',
  'A neon sign, photographed for the slideshow': 'Un letrero de neón, fotografiado para la galería',
  'A neon sign.': 'Un letrero de neón.',
  'Azalea walk, photographed for the slideshow': 'Paseo de azaleas, fotografiado para la galería',
  'Azalea walk.': 'Paseo de azaleas.',
  'Dogwood grove, photographed for the slideshow': 'Arboleda de cornejos, fotografiada para la galería',
  'Dogwood grove.': 'Arboleda de cornejos.',
  'Tulip beds, photographed for the slideshow': 'Macizos de tulipanes, fotografiados para la galería',
  'Tulip beds.': 'Macizos de tulipanes.',
  'A brick depot library, photographed for the slideshow': 'Una biblioteca en una estación de ladrillo, fotografiada para la galería',
  'A brick depot library.': 'Una biblioteca en una estación de ladrillo.',
  'A waiting-room cafe, photographed for the slideshow': 'Un café en una antigua sala de espera, fotografiado para la galería',
  'A waiting-room cafe.': 'Un café en una antigua sala de espera.',
  'A restored platform, photographed for the slideshow': 'Un andén restaurado, fotografiado para la galería',
  'A restored platform.': 'Un andén restaurado.',
  'A snowy canyon rim, photographed for the slideshow': 'El borde nevado de un cañón, fotografiado para la galería',
  'A snowy canyon rim.': 'El borde nevado de un cañón.',
  'Elk in a meadow, photographed for the slideshow': 'Ciervos canadienses en una pradera, fotografiados para la galería',
  'Elk in a meadow.': 'Ciervos canadienses en una pradera.',
  'A frozen waterfall, photographed for the slideshow': 'Una cascada congelada, fotografiada para la galería',
  'A frozen waterfall.': 'Una cascada congelada.',
  'A prize quilt, photographed for the slideshow': 'Una colcha premiada, fotografiada para la galería',
  'A prize quilt.': 'Una colcha premiada.',
  'A giant pumpkin, photographed for the slideshow': 'Una calabaza gigante, fotografiada para la galería',
  'A giant pumpkin.': 'Una calabaza gigante.',
  'A champion rabbit, photographed for the slideshow': 'Un conejo campeón, fotografiado para la galería',
  'A champion rabbit.': 'Un conejo campeón.',
  'A red-winged blackbird, photographed for the slideshow': 'Un tordo sargento, fotografiado para la galería',
  'A red-winged blackbird.': 'Un tordo sargento.',
  'An eastern bluebird, photographed for the slideshow': 'Un azulejo oriental, fotografiado para la galería',
  'An eastern bluebird.': 'Un azulejo oriental.',
  'A pair of robins, photographed for the slideshow': 'Una pareja de petirrojos, fotografiada para la galería',
  'A pair of robins.': 'Una pareja de petirrojos.',
  // data/commerce-articles.ts: /lifestyle/storm-ready-kitchen-gear-that-works-without-power (its storm outlooks: ES_PATTERNS).
  'When the power goes out, the kitchen is the first room to feel it. These are the tools our testers reached for during a week without electricity.':
    'Cuando se corta la luz, la cocina es la primera en notarlo. Estas son las herramientas que más usaron nuestros evaluadores durante una semana sin electricidad.',
  'Our top pick': 'Nuestra opción favorita',
  'Stovetop kettle': 'Tetera para estufa',
  'The stainless kettle boiled water on a camp stove in under six minutes.': 'La tetera de acero inoxidable hirvió agua en una estufa de campamento en menos de seis minutos.',
  'Compare prices': 'Compare precios',
  'Storm outlook': 'Perspectivas de la tormenta',
  // data/rule-articles.ts: the series article, the deals article, the forum article and the "Around the States"
  // briefs (their first paragraph, which names the state: ES_PATTERNS).
  'When the river left the branch library, it left a line of mud four feet up every wall and 30,000 books that had to be sorted by hand.':
    'Cuando el río se retiró de la biblioteca del barrio, dejó una línea de lodo a cuatro pies de altura en cada pared y 30.000 libros que hubo que clasificar a mano.',
  'Over nine weekends, more than 200 volunteers carried the dry ones to a church hall, set the damp ones out to air, and logged the ruined ones for insurance.':
    'Durante nueve fines de semana, más de 200 voluntarios llevaron los secos a un salón parroquial, pusieron a airear los húmedos y registraron los arruinados para el seguro.',
  'What comes next': 'Lo que viene',
  'The county plans to reopen the library on its upper floor this summer while the ground floor is rebuilt with flood vents and raised shelving.':
    'El condado planea reabrir la biblioteca en su planta alta este verano mientras la planta baja se reconstruye con respiraderos contra inundaciones y estanterías elevadas.',
  'Gadgets come and go, but a few inexpensive tools made every weeknight dinner in our test kitchen faster.':
    'Los aparatos van y vienen, pero unas pocas herramientas económicas agilizaron cada cena entre semana en nuestra cocina de pruebas.',
  'The kettle we kept reaching for': 'La tetera que siempre terminábamos usando',
  'It boils a litre of water in under five minutes on a medium burner and has a handle that stays cool.':
    'Hierve un litro de agua en menos de cinco minutos en un quemador mediano y tiene un asa que no se calienta.',
  'Hundreds of small towns still have a brick depot by the tracks, long after the last passenger train. Some have become museums, some cafes, some are empty.':
    'Cientos de pueblos pequeños aún tienen una estación de ladrillo junto a las vías, mucho después del último tren de pasajeros. Algunas se convirtieron en museos, otras en cafés y otras están vacías.',
  'We asked readers what their towns did with theirs, and what they wish had happened instead. Join the conversation below.':
    'Preguntamos a los lectores qué hicieron sus pueblos con las suyas y qué les habría gustado que pasara. Únase a la conversación a continuación.',
  'Forecasters expect a quieter week ahead. Drivers should still check for lane closures before setting out.':
    'Los meteorólogos prevén una semana más tranquila. Aun así, los conductores deberían consultar los cierres de carriles antes de salir.',
  // The places the state briefs and the storm outlooks name (PLACE_NAMES above; most read the same in Spanish).
  ...Object.fromEntries([...US_STATES.map((state) => state.name), 'Dakotas'].map((name) => [name, PLACE_NAMES[name] ?? name])),
  // Article tag and section labels the groups above left out (fn__tags and wp__tags titles, the /deals and
  // /forum sections' names, which are also their fronts' titles); the series' names stay as they are.
  'Kitchen Tools': 'Utensilios de cocina',
  'Reader Forum': 'Foro de lectores',
  'The Big Idea': 'La gran idea',
  'Total Eclipse': 'Eclipse total',
  'Path Of Totality': 'Franja de totalidad',
  Observatories: 'Observatorios',
  Stargazing: 'Observación de estrellas',
  'Citizen Science': 'Ciencia ciudadana',
  'Solar Corona': 'Corona solar',
  'Eclipse Glasses': 'Lentes para eclipses',
  Deals: 'Ofertas',
  Forum: 'Foro',
  // The /deals and /forum fronts' descriptions (data/tag-fronts.ts).
  'Products our testers recommend, and where to buy them.': 'Productos que recomiendan nuestros evaluadores, y dónde comprarlos.',
  'Questions for readers, and the conversations they start.': 'Preguntas para los lectores, y las conversaciones que generan.',

  // Front blocks and rails.
  'Headlines Newsletter': 'Boletín de titulares',
  // The newsletter promos' descriptions and delivery days (data/layouts.ts newsletter()).
  "The day's top headlines, in your inbox.": 'Los principales titulares del día, en su correo.',
  "The day's top U.S. stories, in your inbox.": 'Lo más destacado del día en EE. UU., en su correo.',
  "The day's top politics stories, in your inbox.": 'Lo más destacado del día en política, en su correo.',
  "The day's top world stories, in your inbox.": 'Lo más destacado del día en el mundo, en su correo.',
  "The day's top opinion stories, in your inbox.": 'Lo más destacado del día en opinión, en su correo.',
  "The day's top entertainment stories, in your inbox.": 'Lo más destacado del día en entretenimiento, en su correo.',
  "The day's top sports stories, in your inbox.": 'Lo más destacado del día en deportes, en su correo.',
  "The day's top lifestyle stories, in your inbox.": 'Lo más destacado del día en estilo de vida, en su correo.',
  "The day's top health stories, in your inbox.": 'Lo más destacado del día en salud, en su correo.',
  "The day's top election stories, in your inbox.": 'Lo más destacado del día en las elecciones, en su correo.',
  'Highlights from The Evening Report, in your inbox.': 'Lo más destacado de The Evening Report, en su correo.',
  'The Evening Report Newsletter': 'Boletín de The Evening Report',
  // Delivery and air days: the newsletter promos' "Arrives" (data/layouts.ts), the shows' air days
  // (data/shows.ts), the /newsletters page's headings (data/static-pages.ts).
  Weekdays: 'De lunes a viernes',
  Fridays: 'Los viernes',
  'Saturday and Sunday': 'Sábados y domingos',
  Daily: 'A diario',
  Weekly: 'Cada semana',
  Trending: 'Tendencias',
  Economy: 'Economía',
  'Around the Network': 'En nuestra red',
  'On Air': 'Al aire',
  'Fox News Digital Originals': 'Originales de Fox News Digital',
  'In Focus': 'En foco',
  'Capitol Hill': 'El Capitolio',
  'Key Takeaways': 'Puntos clave',
  'Most Read': 'Lo más leído',
  'Election Night': 'Noche electoral',
  'Shop the Story': 'Compre lo de la nota',
  'Buy Now': 'Comprar ahora',
  'Where to buy': 'Dónde comprar',
  'Live Now': 'En vivo ahora',
  "Editor's Pick": 'Selección del editor',
  'In Case You Missed It': 'Por si se lo perdió',
  'Fox Nation Picks': 'Selección de Fox Nation',
  'Latest Politics Videos': 'Últimos videos de política',
  'Politics Live': 'Política en vivo',
  'U.S. Newsletter': 'Boletín de EE. UU.',
  'Politics Newsletter': 'Boletín de política',
  'World Newsletter': 'Boletín del mundo',
  'Opinion Newsletter': 'Boletín de opinión',
  'Entertainment Newsletter': 'Boletín de entretenimiento',
  'Sports Newsletter': 'Boletín de deportes',
  'Lifestyle Newsletter': 'Boletín de estilo de vida',
  'Health Newsletter': 'Boletín de salud',
  'Elections Newsletter': 'Boletín de elecciones',
  'More U.S. Coverage': 'Más cobertura de EE. UU.',
  'More Politics Coverage': 'Más cobertura de política',
  'More World Coverage': 'Más cobertura del mundo',
  'More Opinion Coverage': 'Más opinión',
  'More Entertainment Coverage': 'Más entretenimiento',
  'More Sports Coverage': 'Más deportes',
  'More Lifestyle Coverage': 'Más estilo de vida',
  'More Health Coverage': 'Más salud',
  'Trending in U.S.': 'Tendencias en EE. UU.',
  'Trending in Politics': 'Tendencias en política',
  'Trending in World': 'Tendencias en el mundo',
  'Trending in Opinion': 'Tendencias en opinión',
  'Trending in Entertainment': 'Tendencias en entretenimiento',
  'Trending in Sports': 'Tendencias en deportes',
  'Trending in Lifestyle': 'Tendencias en estilo de vida',
  'Trending in Health': 'Tendencias en salud',
  'More from U.S.': 'Más de EE. UU.',
  'More from Politics': 'Más de política',
  'More from World': 'Más del mundo',
  'More from Opinion': 'Más de opinión',
  'More from Entertainment': 'Más de entretenimiento',
  'More from Sports': 'Más de deportes',
  'More from Lifestyle': 'Más de estilo de vida',
  'More from Health': 'Más de salud',

  // Live events.
  Advertisement: 'Publicidad',
  LIVE: 'EN VIVO',
  'Election Night 2026: Live Results': 'Noche electoral 2026: resultados en vivo',
  'Live results, maps and analysis as polls close across the country.': 'Resultados en vivo, mapas y análisis a medida que cierran las urnas en todo el país.',
  'Live Coverage': 'Cobertura en vivo',
  'Follow every race as the votes are counted.': 'Siga cada contienda mientras se cuentan los votos.',
  'Polls close in six eastern states': 'Cierran las urnas en seis estados del este',
  'Polls have closed in Georgia, Indiana, Kentucky, South Carolina, Vermont and Virginia.': 'Las urnas cerraron en Georgia, Indiana, Kentucky, Carolina del Sur, Vermont y Virginia.',
  'First results from Virginia': 'Primeros resultados de Virginia',
  'Early returns show a close race in the state’s 2nd district.': 'Los primeros resultados muestran una contienda reñida en el distrito 2 del estado.',
  'Turnout above 2022 levels': 'Participación superior a la de 2022',
  'Watch: Election Night live stream': 'Vea: transmisión en vivo de la noche electoral',
  'Polls close on the East Coast': 'Cierran las urnas en la Costa Este',
  'The Senate map, explained': 'El mapa del Senado, explicado',
  'Turnout report from Ohio': 'Informe de participación desde Ohio',
  'Winter Storm Live Updates': 'Tormenta invernal: actualizaciones en vivo',
  'Snow totals, closures and forecasts as the storm moves east.': 'Acumulados de nieve, cierres y pronósticos mientras la tormenta avanza hacia el este.',
  'Up to 18 inches expected from the Plains to New England.': 'Se esperan hasta 18 pulgadas desde las Llanuras hasta Nueva Inglaterra.',
  'Crewed Launch to the Space Station': 'Lanzamiento tripulado a la Estación Espacial',
  'Countdown and launch coverage from Cape Canaveral.': 'Cuenta regresiva y cobertura del lanzamiento desde Cabo Cañaveral.',
  'Four astronauts head to the International Space Station.': 'Cuatro astronautas viajan a la Estación Espacial Internacional.',
  'Launch pad camera': 'Cámara de la plataforma de lanzamiento',
  // The bare /coverage live event (data/live-events.ts) and the heading of its layout's list (data/layouts.ts COVERAGE_HUB).
  'Every story we are following live right now.': 'Todas las noticias que seguimos en vivo en este momento.',
  'Election night results, the winter storm and the crewed launch, as they happen.': 'Los resultados de la noche electoral, la tormenta invernal y el lanzamiento tripulado, a medida que ocurren.',
  'Following Live': 'Lo que seguimos en vivo',

  // Videos and shows.
  'Senate leaders outline the week ahead': 'Líderes del Senado presentan la semana',
  'Governors meet on border funding': 'Gobernadores se reúnen sobre fondos para la frontera',
  'Election night explained in two minutes': 'La noche electoral explicada en dos minutos',
  'Live: the briefing room': 'En vivo: la sala de prensa',
  'Storm damage across the Midwest': 'Daños por la tormenta en el Medio Oeste',
  'Rescue crews reach stranded hikers': 'Rescatistas llegan a excursionistas atrapados',
  'Markets open higher on jobs data': 'Los mercados abren al alza por datos de empleo',
  'Summit ends with a joint statement': 'La cumbre termina con una declaración conjunta',
  'Ceasefire talks resume': 'Se reanudan las conversaciones de alto el fuego',
  'Red carpet highlights': 'Lo mejor de la alfombra roja',
  'Morning headlines': 'Titulares de la mañana',
  'Weekend forecast': 'Pronóstico del fin de semana',
  'Live: markets at the opening bell': 'En vivo: los mercados en la apertura',
  'Live: markets at the open': 'En vivo: los mercados en la apertura',
  'Inflation report in five charts': 'El informe de inflación en cinco gráficos',
  'How a bill becomes law': 'Cómo un proyecto se convierte en ley',
  'Town hall: the full broadcast': 'Foro comunitario: la transmisión completa',
  'The day’s biggest stories, explained by the people who cover them.': 'Las noticias más importantes del día, explicadas por quienes las cubren.',
  'News, weather and markets before the day begins.': 'Noticias, clima y mercados antes de que empiece el día.',
  'A look back at the week, with the hosts who were there.': 'Un repaso de la semana con los presentadores que estuvieron allí.',
  Episodes: 'Episodios',
  Schedule: 'Programación',
  About: 'Acerca de',
  'Archive footage, restored and retold.': 'Imágenes de archivo, restauradas y contadas de nuevo.',
  'Fox News Radio live': 'Fox News Radio en vivo',
  '7PM ET': '7 p. m. ET',
  '6AM ET': '6 a. m. ET',
  '10AM ET': '10 a. m. ET',
  '9PM ET': '9 p. m. ET',
  // Show episodes (data/videos.ts); show names stay as they are.
  'Hannity: full episode, March 17': 'Hannity: episodio completo, 17 de marzo',
  'Mornings with Maria: full episode, March 18': 'Mornings with Maria: episodio completo, 18 de marzo',
  'The Evening Report: the week in review': 'The Evening Report: resumen de la semana',
  'The Evening Report: interview highlights': 'The Evening Report: lo mejor de las entrevistas',
  'Weekend Watch: what to stream this weekend': 'Weekend Watch: qué ver en streaming este fin de semana',
  // The other sample videos (data/videos.ts); their descriptions follow through ES_PATTERNS.
  'Ice jam floods a river town': 'Un atasco de hielo inunda un pueblo ribereño',
  'Volunteers sandbag the levee overnight': 'Voluntarios refuerzan el dique con sacos de arena durante la noche',
  'School buses return to rural routes': 'Los autobuses escolares vuelven a las rutas rurales',
  'Power crews work through the weekend': 'Las cuadrillas eléctricas trabajan todo el fin de semana',
  'A town hall on the new bridge': 'Un foro comunitario sobre el nuevo puente',
  'Farmers wait for the thaw': 'Los agricultores esperan el deshielo',
  'The cast on filming in a real lighthouse': 'El elenco cuenta cómo fue filmar en un faro de verdad',
  'A night at the branch library': 'Una noche en la biblioteca del barrio',
  'First look inside the new ballpark': 'Primer vistazo al interior del nuevo estadio',
  'State capitals in 60 seconds': 'Las capitales de los estados en 60 segundos',
  'Highlights of the 2020 final': 'Lo mejor de la final de 2020',
  'Whiteout on the interstate': 'Visibilidad nula en la autopista interestatal',
  'How to drive in a whiteout': 'Cómo manejar con visibilidad nula',
  'Senators react': 'Reacción de los senadores',
  'Watch the hearing': 'Vea la audiencia',
  // Fox Nation Picks (data/live-playlist.ts).
  'Lighthouse keepers of the Great Lakes': 'Los guardianes de los faros de los Grandes Lagos',
  'Small towns, big rivers': 'Pueblos pequeños, ríos grandes',
  'The storm chasers': 'Los cazadores de tormentas',
  // The Evening Report's show page (data/layouts.ts).
  'On Tonight’s Show': 'En el programa de esta noche',
  '7:05 PM ET': '7:05 p. m. ET',
  '7:30 PM ET': '7:30 p. m. ET',
  'The broadband bill heads to the floor': 'El proyecto de banda ancha llega al pleno',
  'Three governors and a reservoir': 'Tres gobernadores y un embalse',
  'Stories From the Show': 'Historias del programa',
  'More From The Evening Report': 'Más de The Evening Report',

  // Games.
  'Daily Crossword Puzzle': 'Crucigrama diario',
  'A fresh crossword every day, from easy Monday to tricky Sunday.': 'Un crucigrama nuevo cada día, del fácil lunes al difícil domingo.',
  'Mini Crossword Puzzle': 'Minicrucigrama',
  'A five-by-five crossword you can finish over coffee.': 'Un crucigrama de cinco por cinco para terminar con el café.',
  '5 Across Word Game': 'Juego de palabras 5 en línea',
  'Guess the five-letter word in six tries.': 'Adivine la palabra de cinco letras en seis intentos.',
  'Find the hidden words in the grid of letters.': 'Encuentre las palabras escondidas en la cuadrícula de letras.',
  'Fill the grid so each row, column and box holds 1 to 9.': 'Complete la cuadrícula para que cada fila, columna y caja tenga del 1 al 9.',
  'Trivia Challenge': 'Desafío de preguntas',
  'Ten questions on the week in news.': 'Diez preguntas sobre la semana informativa.',
  'Play Daily Crossword Puzzle Online': 'Juegue el crucigrama diario en línea',
  'Play Mini Crossword Puzzle Online': 'Juegue el minicrucigrama en línea',
  'Play 5 Across Word Game Online': 'Juegue 5 en línea',
  'Play Word Search Online': 'Juegue la sopa de letras en línea',
  'Play Sudoku Online': 'Juegue sudoku en línea',
  'Play Trivia Challenge Online': 'Juegue el desafío de preguntas en línea',
  'Play Now': 'Jugar ahora',
  'Click a square and type your answer.': 'Haga clic en una casilla y escriba su respuesta.',
  'Press Tab to jump to the next clue.': 'Pulse Tab para pasar a la siguiente pista.',
  'Fill every row and column with a word that fits its clue.': 'Complete cada fila y columna con una palabra que encaje con su pista.',
  'Type a five-letter word and press Enter.': 'Escriba una palabra de cinco letras y pulse Intro.',
  'Green letters are in the right place; yellow letters are in the word.': 'Las letras verdes están en su lugar; las amarillas están en la palabra.',
  'Drag across the letters of a word to mark it.': 'Arrastre sobre las letras de una palabra para marcarla.',
  'Words run in any direction.': 'Las palabras van en cualquier dirección.',
  'Pick a square and type a number from 1 to 9.': 'Elija una casilla y escriba un número del 1 al 9.',
  'Pick an answer for each question before the timer runs out.': 'Elija una respuesta para cada pregunta antes de que se acabe el tiempo.',

  // People.
  'Congressional Correspondent': 'Corresponsal en el Congreso',
  Reporter: 'Reportero',
  'Health Editor': 'Editora de salud',
  'Sports Reporter': 'Reportero de deportes',
  'Lifestyle Writer': 'Redactora de estilo de vida',
  'Markets Reporter': 'Reportera de mercados',
  'Host, Morning Report': 'Presentadora, Morning Report',
  'Host, Weekend Live': 'Presentador, Weekend Live',
  Contributor: 'Colaboradora',
  // Their bios (data/people.ts), markup kept as it is (the sanitizer's cases stay the same).
  'Sarah Whitfield covers Congress, campaign finance and rural policy from Washington.':
    'Sarah Whitfield cubre el Congreso, el financiamiento de campañas y la política rural desde Washington.',
  'Sarah Whitfield covers Congress and rural policy. She joined the newsroom in 2016 after eight years at regional papers in Iowa and Nebraska.':
    'Sarah Whitfield cubre el Congreso y la política rural. Se unió a la redacción en 2016, tras ocho años en periódicos regionales de Iowa y Nebraska.',
  '<p>Sarah Whitfield covers Congress, campaign finance and rural policy from Washington.</p>':
    '<p>Sarah Whitfield cubre el Congreso, el financiamiento de campañas y la política rural desde Washington.</p>',
  '<p>Before joining the newsroom she reported on agriculture and state government for regional papers in Iowa and Nebraska.</p>':
    '<p>Antes de unirse a la redacción, cubrió agricultura y gobierno estatal para periódicos regionales de Iowa y Nebraska.</p>',
  'Marcus Delgado reports on national and international news, culture and the outdoors.':
    'Marcus Delgado informa sobre noticias nacionales e internacionales, cultura y la vida al aire libre.',
  'Marcus Delgado is a general assignment reporter based in Denver who writes about weather, the outdoors, culture and international stories.':
    'Marcus Delgado es un reportero de temas generales con sede en Denver que escribe sobre el clima, la vida al aire libre, la cultura y noticias internacionales.',
  '<p>Marcus Delgado is a general assignment reporter based in Denver.</p>': '<p>Marcus Delgado es un reportero de temas generales con sede en Denver.</p>',
  'Lena Okafor edits health coverage: medical research, hospitals and public health.':
    'Lena Okafor edita la cobertura de salud: investigación médica, hospitales y salud pública.',
  'Lena Okafor is the health editor. She trained as a nurse and worked for six years in emergency departments in Ohio and Georgia before moving into journalism, where she has covered hospital finances, drug pricing, rural clinics and the science behind new treatments. She lives in Atlanta with her family and two very loud dogs.':
    'Lena Okafor es la editora de salud. Se formó como enfermera y trabajó seis años en salas de emergencia de Ohio y Georgia antes de pasarse al periodismo, donde ha cubierto las finanzas de los hospitales, el precio de los medicamentos, las clínicas rurales y la ciencia detrás de los nuevos tratamientos. Vive en Atlanta con su familia y dos perros muy ruidosos.',
  '<p>Lena Okafor is the health editor.</p>': '<p>Lena Okafor es la editora de salud.</p>',
  'James Park covers college and professional sports from Chicago.': 'James Park cubre deportes universitarios y profesionales desde Chicago.',
  'Ruth Ellis writes about food, travel and the things people buy for their homes.': 'Ruth Ellis escribe sobre comida, viajes y las cosas que la gente compra para su hogar.',
  'Dana Reyes covers markets and small business for Fox Business.': 'Dana Reyes cubre los mercados y las pequeñas empresas para Fox Business.',
  'Grace Holloway hosts Morning Report on weekdays.': 'Grace Holloway presenta Morning Report de lunes a viernes.',
  '<p>Grace Holloway hosts <strong>Morning Report</strong> on weekdays.<script>alert(1)</script> <span>She joined the network in 2012</span> as a general assignment reporter in Dallas and moved to the anchor desk in 2018, after covering three presidential campaigns, two hurricane seasons and the long recovery of the Gulf Coast towns she grew up in.</p>':
    '<p>Grace Holloway presenta <strong>Morning Report</strong> de lunes a viernes.<script>alert(1)</script> <span>Se unió a la cadena en 2012</span> como reportera de temas generales en Dallas y pasó a la conducción del noticiero en 2018, después de cubrir tres campañas presidenciales, dos temporadas de huracanes y la larga recuperación de los pueblos de la Costa del Golfo donde creció.</p>',
  'Grace Holloway hosts Morning Report.': 'Grace Holloway presenta Morning Report.',
  'Before the anchor desk she reported from <em>Dallas</em> and Houston.': 'Antes de conducir el noticiero, informó desde <em>Dallas</em> y Houston.',
  'She is a graduate of the University of North Texas.': 'Se graduó de la Universidad del Norte de Texas.',
  'Owen Brandt hosts Weekend Live on Saturdays and Sundays.': 'Owen Brandt presenta Weekend Live los sábados y domingos.',
  'Owen Brandt hosts Weekend Live.': 'Owen Brandt presenta Weekend Live.',
  'Nina Castellano is a political contributor.': 'Nina Castellano es colaboradora de política.',
  // Sarah Whitfield's person page (data/layouts.ts): "Her Beat" (shown in capitals) and what it lists.
  'Her Beat': 'Su cobertura',
  'Sarah covers': 'Sarah cubre',
  Congress: 'Congreso',
  'Campaign finance': 'Financiamiento de campañas',
  'Rural policy': 'Política rural',
  'County clerks pilot mail ballot tracking': 'Secretarios de condado prueban el seguimiento de boletas por correo',
  'Politics Coverage': 'Cobertura de política',

  // Static and special pages.
  'Connect With Us': 'Conéctese con nosotros',
  'Browse our newsletters': 'Vea nuestros boletines',
  'Fox News Around the World': 'Fox News en el mundo',
  'Search by country': 'Buscar por país',
  'Find a Provider Near You': 'Encuentre un proveedor cerca de usted',
  'Start Watching': 'Empiece a ver',
  Newsletters: 'Boletines',
  'Newsletters | Sign Up for Free Email Updates': 'Boletines | Suscríbase gratis a nuestras novedades por correo',
  'Get the day’s headlines, opinion, lifestyle and more delivered to your inbox.': 'Reciba en su correo los titulares del día, opinión, estilo de vida y más.',
  'Our newsletters are free. Pick as many as you like and change your choices at any time.':
    'Nuestros boletines son gratuitos. Elija todos los que quiera y cambie su selección cuando lo desee.',
  '<b>Morning Headlines</b>: the stories to know before your day begins': '<b>Titulares de la mañana</b>: las noticias que debe conocer antes de empezar el día',
  '<b>Evening Recap</b>: what happened today, in five minutes': '<b>Resumen de la noche</b>: lo que pasó hoy, en cinco minutos',
  '<b>Opinion Weekly</b>: the columns readers talked about most': '<b>Opinión semanal</b>: las columnas que más comentaron los lectores',
  '<b>Lifestyle</b>: food, travel and home ideas for the weekend': '<b>Estilo de vida</b>: ideas de comida, viajes y hogar para el fin de semana',
  "New Year's Eve": 'Nochevieja',
  'On Air Personalities': 'Personalidades al aire',
  'On Air Personalities | Hosts, Anchors and Correspondents': 'Personalidades al aire | Presentadores y corresponsales',

  // The static pages' meta titles and descriptions, paragraphs, headings, list items and links (data/static-pages.ts),
  // one page after another; their <b> markup kept as it is. The Fox Nation TV and Fox News Go pages keep their titles.
  // /connect.
  'Connect With Fox News | Social, Apps and Alerts': 'Conéctese con Fox News | Redes sociales, aplicaciones y alertas',
  'Follow our newsroom on social media, get the apps and sign up for breaking news alerts.':
    'Siga a nuestra redacción en las redes sociales, descargue las aplicaciones y suscríbase a las alertas de última hora.',
  'There is more than one way to keep up with the stories that matter to you. Pick the channels that fit your day.':
    'Hay más de una forma de estar al día con las noticias que le importan. Elija los canales que mejor se adapten a su día.',
  'Follow along': 'Síganos',
  '<b>Facebook</b>: live video and conversation with our correspondents': '<b>Facebook</b>: video en vivo y conversación con nuestros corresponsales',
  '<b>Instagram</b>: the day in pictures': '<b>Instagram</b>: el día en imágenes',
  '<b>X</b>: breaking headlines as they happen': '<b>X</b>: los titulares de última hora, al momento',
  'Alerts and newsletters': 'Alertas y boletines',
  'Choose from our free newsletters, or turn on push alerts in the app to hear about major stories first.':
    'Elija entre nuestros boletines gratuitos o active las notificaciones de la aplicación para enterarse primero de las noticias más importantes.',
  // /fnctv.
  'Stream Fox Nation TV | Shows, Specials and Documentaries': 'Vea Fox Nation TV en streaming | Programas, especiales y documentales',
  'Original shows, specials and documentaries from our streaming service.': 'Programas originales, especiales y documentales de nuestro servicio de streaming.',
  'Stream original series, long-form documentaries and live specials on any screen, at home or on the go.':
    'Vea series originales, documentales de larga duración y especiales en vivo en cualquier pantalla, en casa o dondequiera que esté.',
  'What you can watch': 'Qué puede ver',
  'History and true-crime documentaries': 'Documentales de historia y de crímenes reales',
  'Lifestyle and cooking series': 'Series de estilo de vida y cocina',
  'Live holiday and event specials': 'Especiales en vivo de fiestas y eventos',
  'New episodes arrive every week. Sign in with your account to pick up where you left off.':
    'Cada semana llegan episodios nuevos. Inicie sesión con su cuenta para continuar donde lo dejó.',
  // /foxaroundtheworld and its search page.
  'Watch Fox News Around the World': 'Vea Fox News en todo el mundo',
  'Find out how to watch our channel outside the United States.': 'Descubra cómo ver nuestro canal fuera de Estados Unidos.',
  'Our channel is carried by television providers in dozens of countries across Europe, Asia, Africa and the Americas.':
    'Nuestro canal se transmite a través de proveedores de televisión en decenas de países de Europa, Asia, África y las Américas.',
  'Availability and channel numbers differ from provider to provider. Search for your country to find the services that carry us.':
    'La disponibilidad y el número de canal varían según el proveedor. Busque su país para encontrar los servicios que nos transmiten.',
  'Find a Fox News Provider Near You': 'Encuentre un proveedor de Fox News cerca de usted',
  'Search our list of international television providers by country.': 'Busque por país en nuestra lista de proveedores de televisión internacionales.',
  'Type the name of your country to see the providers that carry our channel there.': 'Escriba el nombre de su país para ver los proveedores que transmiten nuestro canal allí.',
  'Do not see your provider? Ask them to add us: many services take viewer requests into account.':
    '¿No ve a su proveedor? Pídale que nos incluya: muchos servicios tienen en cuenta las solicitudes de los televidentes.',
  // /go.
  'Fox News Go | Watch Live on Your Devices': 'Fox News Go | Vea la señal en vivo en sus dispositivos',
  'Watch our live channel on your phone, tablet, computer or TV with your provider account.':
    'Vea nuestro canal en vivo en su teléfono, tableta, computadora o televisor con la cuenta de su proveedor.',
  'Watch the live channel and full episodes on your phone, tablet, computer or connected TV.':
    'Vea el canal en vivo y episodios completos en su teléfono, tableta, computadora o televisor conectado.',
  'How it works': 'Cómo funciona',
  'Download the app or open it in your browser': 'Descargue la aplicación o ábrala en su navegador',
  'Sign in with your TV provider': 'Inicie sesión con su proveedor de televisión',
  'Start watching live or on demand': 'Empiece a ver en vivo o a pedido',
  // /gowatch.
  'Start Watching | Subscribe and Stream': 'Empiece a ver | Suscríbase y vea en streaming',
  'Sign up and start streaming live news and shows.': 'Suscríbase y empiece a ver noticias y programas en vivo por streaming.',
  'You are one step away from streaming live news, opinion shows and weekend programming.':
    'Está a un paso de ver por streaming noticias en vivo, programas de opinión y la programación del fin de semana.',
  'Choose a plan': 'Elija un plan',
  'Create your free account': 'Cree su cuenta gratuita',
  'Start streaming on any device': 'Empiece a ver en cualquier dispositivo',
  'Already a subscriber? Sign in from the app on your device.': '¿Ya es suscriptor? Inicie sesión desde la aplicación en su dispositivo.',
  // /newyears (its countdown block is in the first group).
  "New Year's Eve Coverage | Countdown and Celebrations": 'Cobertura de Nochevieja | Cuenta regresiva y celebraciones',
  'Ring in the new year with live coverage of celebrations around the country.': 'Reciba el Año Nuevo con la cobertura en vivo de las celebraciones en todo el país.',
  'Join our hosts for live coverage of celebrations from coast to coast, with performances, fireworks and the midnight countdown.':
    'Acompañe a nuestros presentadores en la cobertura en vivo de las celebraciones de costa a costa, con actuaciones, fuegos artificiales y la cuenta regresiva de medianoche.',
  'Where to watch': 'Dónde verlo',
  'Coverage airs on the channel and streams live in the app from 10 p.m. Eastern.':
    'La cobertura se transmite por el canal y en vivo en la aplicación a partir de las 10 p. m., hora del Este.',
  // /privacy-policy.
  'How we collect, use and protect information about visitors to our sites and apps.':
    'Cómo recopilamos, usamos y protegemos la información sobre los visitantes de nuestros sitios y aplicaciones.',
  'This policy explains what information we collect when you use our sites and apps, how we use it and the choices you have.':
    'Esta política explica qué información recopilamos cuando usted usa nuestros sitios y aplicaciones, cómo la usamos y qué opciones tiene.',
  'Information we collect': 'Información que recopilamos',
  'Information you give us, such as your email address when you sign up for a newsletter':
    'La información que usted nos proporciona, como su dirección de correo electrónico cuando se suscribe a un boletín',
  'Information collected automatically, such as device and usage data': 'La información que se recopila automáticamente, como los datos del dispositivo y de uso',
  'Information from partners, such as measurement providers': 'La información de nuestros socios, como los proveedores de medición',
  'Your choices': 'Sus opciones',
  'You may unsubscribe from emails at any time, adjust your browser’s cookie settings, and contact us with questions about your information.':
    'Puede darse de baja de los correos electrónicos en cualquier momento, ajustar la configuración de cookies de su navegador y contactarnos si tiene preguntas sobre su información.',
  // /terms-of-use.
  'The terms that apply to your use of our sites and apps.': 'Los términos que rigen el uso de nuestros sitios y aplicaciones.',
  'By using our sites and apps you agree to these terms. Please read them carefully.': 'Al usar nuestros sitios y aplicaciones, usted acepta estos términos. Léalos con atención.',
  'Using our services': 'Uso de nuestros servicios',
  'Use the services only for lawful purposes': 'Use los servicios solo con fines lícitos',
  'Do not copy or redistribute our content without permission': 'No copie ni redistribuya nuestro contenido sin autorización',
  'Keep your account details secure': 'Mantenga seguros los datos de su cuenta',
  Changes: 'Cambios',
  'We may update these terms from time to time. The version on this page is the one in effect.':
    'Podemos actualizar estos términos periódicamente. La versión publicada en esta página es la vigente.',
  // /cookie-demo.
  'Cookie Demo': 'Demostración de cookies',
  'Set a test cookie in your browser.': 'Guarde una cookie de prueba en su navegador.',
  'Set a cookie in this browser to test how the site reacts to it.': 'Guarde una cookie en este navegador para probar cómo reacciona el sitio.',
  // /personalities.
  'Meet the hosts, anchors and correspondents you see on air.': 'Conozca a los presentadores y corresponsales que ve al aire.',
  'Meet the hosts, anchors, reporters and contributors behind our coverage.': 'Conozca a los presentadores, conductores, reporteros y colaboradores detrás de nuestra cobertura.',
  // /privacy-choices.
  'Choose how your information is used for advertising and measurement.': 'Elija cómo se usa su información con fines de publicidad y medición.',
  'You can choose whether information about your visits is shared with advertising partners.': 'Puede elegir si la información sobre sus visitas se comparte con socios publicitarios.',
  'How to opt out': 'Cómo optar por no participar',
  'Use the cookie settings of your browser to block third-party cookies': 'Use la configuración de cookies de su navegador para bloquear las cookies de terceros',
  'Turn on the Global Privacy Control signal in a browser that supports it': 'Active la señal Global Privacy Control en un navegador que la admita',
  'Reset the advertising identifier on your phone or tablet': 'Restablezca el identificador de publicidad de su teléfono o tableta',
  'Read the Privacy Policy': 'Lea la Política de privacidad',
  // /closed-captioning (its "Contact us" link is also on /accessibility-statement).
  'How we caption our programming, and how to reach us about captions.': 'Cómo subtitulamos nuestra programación y cómo comunicarse con nosotros sobre los subtítulos.',
  'Our programming is captioned for viewers who are deaf or hard of hearing, on the channel and in our apps.':
    'Nuestra programación tiene subtítulos para los televidentes sordos o con dificultades auditivas, en el canal y en nuestras aplicaciones.',
  'Reporting a problem': 'Cómo reportar un problema',
  'If captions are missing or hard to read, tell us the program, the date and time, and your provider, and we will look into it.':
    'Si faltan subtítulos o son difíciles de leer, indíquenos el programa, la fecha, la hora y su proveedor, y lo revisaremos.',
  'Contact us': 'Contáctenos',
  // /accessibility-statement.
  'Our commitment to making our sites and apps usable by everyone.': 'Nuestro compromiso de que todos puedan usar nuestros sitios y aplicaciones.',
  'We want everyone to be able to read, watch and listen to our journalism, whatever device or assistive technology they use.':
    'Queremos que todos puedan leer, ver y escuchar nuestro periodismo, sin importar el dispositivo o la tecnología de asistencia que usen.',
  'What we do': 'Lo que hacemos',
  'Text alternatives for images': 'Texto alternativo para las imágenes',
  'Captions for video': 'Subtítulos para los videos',
  'Pages that work with a keyboard and a screen reader': 'Páginas que funcionan con teclado y lector de pantalla',
  'If something on the site is hard to use, please let us know.': 'Si algo del sitio es difícil de usar, por favor avísenos.',
  // /help.
  'Help Center': 'Centro de ayuda',
  'Answers to common questions about our sites, apps, video and newsletters.': 'Respuestas a preguntas frecuentes sobre nuestros sitios, aplicaciones, videos y boletines.',
  'Find answers to the questions readers ask us most often.': 'Encuentre respuestas a las preguntas que los lectores nos hacen con más frecuencia.',
  'Video and TV provider sign-in': 'Videos e inicio de sesión con su proveedor de televisión',
  'Some live streams and full episodes need a sign-in with your TV provider. Free clips play without one.':
    'Algunas transmisiones en vivo y episodios completos requieren iniciar sesión con su proveedor de televisión. Los clips gratuitos se reproducen sin iniciar sesión.',
  'Every newsletter has an unsubscribe link at the bottom. You can sign up again at any time.':
    'Cada boletín tiene al final un enlace para darse de baja. Puede volver a suscribirse cuando quiera.',
  'Still need help? Contact us': '¿Todavía necesita ayuda? Contáctenos',
  // /contact.
  'Send a message to our newsroom.': 'Envíe un mensaje a nuestra redacción.',
  'Have a news tip, a correction or a question? Send us a message and our team will read it.':
    '¿Tiene un dato para una noticia, una corrección o una pregunta? Envíenos un mensaje y nuestro equipo lo leerá.',
  // /account/login.
  'Log In': 'Iniciar sesión',
  'Log in to your account.': 'Inicie sesión en su cuenta.',
  'Accounts are not available on this site yet. Every article, video clip and newsletter is free to read without one.':
    'Las cuentas todavía no están disponibles en este sitio. Todos los artículos, videos y boletines son gratuitos y no requieren una cuenta.',
  'Sign up for our newsletters': 'Suscríbase a nuestros boletines',
  // /schedule (its two channel guides keep the channels' names).
  'TV Schedule': 'Programación de TV',
  'TV Schedule | What Is On Today': 'Programación de TV | Qué hay hoy al aire',
  'What is on the news channel and the business channel today.': 'Lo que transmiten hoy el canal de noticias y el canal de negocios.',
  'The next three hours on our channels. Times are US Eastern.': 'Las próximas tres horas en nuestros canales. Los horarios corresponden a la hora del Este de EE. UU.',
};
