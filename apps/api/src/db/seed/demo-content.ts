/** Places, streets and words the demo catalogue is made of: believable Spanish listings. */
export const demoCities = [
  {
    municipality: 'Madrid',
    province: '28',
    streets: ['Calle de Alcalá', 'Calle de Embajadores', 'Calle de Fuencarral', 'Paseo de las Delicias'],
    areas: ['Chamberí', 'Lavapiés', 'Malasaña', 'Arganzuela'],
    level: 1.6,
  },
  {
    municipality: 'Barcelona',
    province: '08',
    streets: ['Carrer de Mallorca', 'Carrer de Verdi', 'Carrer de Sants', 'Passeig de Sant Joan'],
    areas: ['Eixample', 'Gràcia', 'Sants', 'Poblenou'],
    level: 1.6,
  },
  {
    municipality: 'Valencia',
    province: '46',
    streets: ['Carrer de Cuba', 'Avinguda del Port', 'Carrer de Sueca', 'Gran Via de Ferran el Catòlic'],
    areas: ['Ruzafa', 'El Cabanyal', 'Benimaclet', 'Extramurs'],
    level: 1.0,
  },
  {
    municipality: 'Sevilla',
    province: '41',
    streets: ['Calle Feria', 'Calle Asunción', 'Avenida de la Constitución', 'Calle Betis'],
    areas: ['Triana', 'Los Remedios', 'Macarena', 'Nervión'],
    level: 0.95,
  },
  {
    municipality: 'Málaga',
    province: '29',
    streets: ['Calle Larios', 'Paseo de Reding', 'Calle Victoria', 'Avenida de Andalucía'],
    areas: ['El Limonar', 'La Malagueta', 'El Palo', 'Soho'],
    level: 1.2,
  },
  {
    municipality: 'Bilbao',
    province: '48',
    streets: ['Gran Vía de Don Diego López de Haro', 'Calle Ledesma', 'Calle Somera', 'Alameda de Recalde'],
    areas: ['Abando', 'Indautxu', 'Casco Viejo', 'Deusto'],
    level: 1.2,
  },
  {
    municipality: 'Zaragoza',
    province: '50',
    streets: ['Paseo de la Independencia', 'Calle Delicias', 'Calle Don Jaime I', 'Avenida de Madrid'],
    areas: ['Centro', 'Delicias', 'Universidad', 'Actur'],
    level: 0.8,
  },
  {
    municipality: 'A Coruña',
    province: '15',
    streets: ['Rúa Real', 'Avenida da Mariña', 'Rúa San Andrés', 'Praza de Lugo'],
    areas: ['Ensanche', 'Monte Alto', 'Os Castros', 'Matogrande'],
    level: 0.85,
  },
  {
    municipality: 'Palma de Mallorca',
    province: '07',
    streets: ['Carrer de Blanquerna', 'Passeig Marítim', 'Carrer de Sant Miquel', 'Avinguda de Jaume III'],
    areas: ['Santa Catalina', 'Son Espanyolet', 'El Terreno', 'Portixol'],
    level: 1.5,
  },
  {
    municipality: 'Granada',
    province: '18',
    streets: ['Calle Recogidas', 'Carrera del Darro', 'Calle San Juan de Dios', 'Camino de Ronda'],
    areas: ['Realejo', 'Albaicín', 'Zaidín', 'Centro'],
    level: 0.75,
  },
  {
    municipality: 'Las Palmas de Gran Canaria',
    province: '35',
    streets: ['Calle Mayor de Triana', 'Paseo de las Canteras', 'Calle León y Castillo'],
    areas: ['Triana', 'Las Canteras', 'Vegueta'],
    level: 0.95,
  },
  {
    municipality: 'El Ejido',
    province: '04',
    streets: ['Bulevar de El Ejido', 'Calle Manolo Escobar', 'Avenida Príncipe de Asturias'],
    areas: ['Centro', 'Almerimar', 'Santa María del Águila'],
    level: 0.6,
  },
  {
    municipality: 'Santander',
    province: '39',
    streets: ['Paseo de Pereda', 'Calle Burgos', 'Avenida de la Reina Victoria'],
    areas: ['El Sardinero', 'Puertochico', 'Castilla-Hermida'],
    level: 1.0,
  },
  {
    municipality: 'Valladolid',
    province: '47',
    streets: ['Calle Santiago', 'Paseo de Zorrilla', 'Calle Gamazo'],
    areas: ['Centro', 'Parquesol', 'La Rubia'],
    level: 0.7,
  },
] as const;

export const demoOwners = [
  ['Lucía', 'Fernández Gil'],
  ['Sergio', 'Navarro Ruiz'],
  ['Marta', 'Castro Iglesias'],
  ['Jordi', 'Puig Serra'],
  ['Ainhoa', 'Etxeberria Goñi'],
  ['Rafael', 'Domínguez Vera'],
  ['Noelia', 'Cabrera Santana'],
  ['Xabier', 'Otero Lema'],
] as const;

/** People who have made offers in the demo catalogue (none of them can log in: no phone number). */
export const demoCandidates = [
  ['Paula', 'Herrero Campos'],
  ['Daniel', 'Vidal Crespo'],
  ['Irene', 'Molina Pastor'],
  ['Hugo', 'Benítez Lorenzo'],
  ['Carla', 'Soler Vicente'],
  ['Adrián', 'Rubio Marín'],
  ['Nerea', 'Garrido Prieto'],
  ['Óscar', 'Méndez Calvo'],
  ['Alba', 'Ibáñez Román'],
  ['Iván', 'Sanz Delgado'],
] as const;

export const saleIntros = [
  'Vivienda luminosa y bien distribuida, lista para entrar a vivir.',
  'Oportunidad en una de las zonas más demandadas de la ciudad.',
  'Casa con mucho encanto, reformada con materiales de calidad.',
  'Amplia vivienda familiar con todos los servicios a pocos pasos.',
];

export const rentalIntros = [
  'Piso exterior con mucha luz natural, ideal para parejas o familias.',
  'Vivienda cuidada y tranquila, con transporte público en la puerta.',
  'Alquiler de larga duración en edificio con ascensor.',
  'Piso recién pintado, con cocina equipada y armarios empotrados.',
];

export const roomIntros = [
  'Habitación en piso compartido con buen ambiente y zonas comunes amplias.',
  'Habitación luminosa en piso tranquilo, cerca de la universidad y del metro.',
  'Buscamos compañera o compañero de piso responsable y ordenado.',
];

export const closings = [
  'Visitas con cita previa. Haz tu oferta y el propietario te responderá en pocos días.',
  'El propietario valora perfiles solventes y estables. Completa tu perfil para destacar.',
  'Disponible de inmediato. No dudes en preguntar por el chat.',
];
